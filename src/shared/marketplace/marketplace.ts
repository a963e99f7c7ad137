import { z } from 'zod';
import { CARD_TYPES } from '@shared/cards/cards';
import { CARD_LISTING_TYPES, MARKETPLACE_DEFAULT_PAGE_SIZE, MARKETPLACE_MAX_PAGE_SIZE } from './marketplace-display';
import { CATEGORY_GROUP_IDS, CITIES, VENDOR_CATEGORIES } from '@shared/places';
import { isWebAddress, VENDOR_STATUSES, WEEKDAYS, withWebScheme } from '@shared/vendors/vendors';
import { shopLocationSchema } from '@shared/vendors/vendor-profile';

const pageSize = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit is at least 1')
  .max(MARKETPLACE_MAX_PAGE_SIZE, `limit is at most ${MARKETPLACE_MAX_PAGE_SIZE}`)
  .default(MARKETPLACE_DEFAULT_PAGE_SIZE);

/** Opaque keyset cursors (base64url); the server decodes and checks them. */
const cursor = z
  .string()
  .max(400, 'cursor is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
  .optional();

const citySchema = z.enum(CITIES, { error: `city must be one of ${CITIES.join(', ')}` });
const slugSchema = z
  .string()
  .min(1, 'vendor is not valid')
  .max(120, 'vendor is not valid')
  .regex(/^[a-z0-9-]+$/, 'vendor is not valid');

/**
 * "Near me" (decision 088): the customer's position, in Pakistan by the same rule as a shop's pin
 * (anything else is a mistyped or spoofed position), or the centre of a city they chose instead.
 * Given, the listing is sorted by distance from it and each result carries its distance.
 */
const nearFields = {
  lat: z.preprocess(Number, shopLocationSchema.shape.latitude).optional(),
  lng: z.preprocess(Number, shopLocationSchema.shape.longitude).optional(),
  near: z.enum(CITIES, { error: `near must be one of ${CITIES.join(', ')}` }).optional(),
};
type NearFields = { lat?: number; lng?: number; near?: string };

/** A position is both coordinates, or a city's centre, never half of one or both at once. */
function checkNear(query: NearFields, context: z.core.$RefinementCtx<NearFields>): void {
  const missing = query.lat === undefined ? 'lat' : query.lng === undefined ? 'lng' : null;
  const given = query.lat === undefined ? 'lng' : 'lat';
  if (missing && (query.lat !== undefined || query.lng !== undefined))
    context.addIssue({ code: 'custom', path: [missing], message: `${missing} is required with ${given}` });
  if (query.near !== undefined && (query.lat !== undefined || query.lng !== undefined))
    context.addIssue({ code: 'custom', path: ['near'], message: 'near is a city, given instead of lat and lng' });
}

export const cardListQuerySchema = z
  .object({
    type: z.enum(CARD_LISTING_TYPES, { error: `type must be one of ${CARD_LISTING_TYPES.join(', ')}` }).default('all'),
    category: z
      .enum(CATEGORY_GROUP_IDS, { error: `category must be one of ${CATEGORY_GROUP_IDS.join(', ')}` })
      .default('all'),
    city: citySchema.optional(),
    /** A vendor's slug: the cards of one vendor page. */
    vendor: slugSchema.optional(),
    ...nearFields,
    cursor,
    limit: pageSize,
  })
  .superRefine(checkNear);
export type CardListQuery = z.infer<typeof cardListQuerySchema>;

export const vendorListQuerySchema = z
  .object({ city: citySchema.optional(), ...nearFields, cursor, limit: pageSize })
  .superRefine(checkNear);
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;

export const vendorSlugParamsSchema = z.object({ slug: slugSchema });
export const cardIdParamsSchema = z.object({ cardId: z.uuid({ error: 'cardId is not valid' }) });

const dayHoursSchema = z.object({ open: z.string(), close: z.string(), closed: z.boolean() });
export const openingHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<
    (typeof WEEKDAYS)[number],
    typeof dayHoursSchema
  >,
);

/** What a card tile shows about its vendor. */
export const publicVendorRefSchema = z.object({
  slug: z.string(),
  businessName: z.string(),
  businessCategory: z.enum(VENDOR_CATEGORIES),
  logo: z.string(),
  city: z.string(),
  area: z.string(),
  isPremium: z.boolean(),
});
export type PublicVendorRef = z.infer<typeof publicVendorRefSchema>;

export const publicCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  cardType: z.enum(CARD_TYPES),
  stampsRequired: z.number().int(),
  rewardTitle: z.string(),
  rewardDescription: z.string(),
  rewardValue: z.number().int(),
  dealPrice: z.number().int().nullable(),
  originalPrice: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  stockLeft: z.number().int().nullable(),
  dealEndsAt: z.string().nullable(),
  /** Set on an Hourly Chaska deal (decision 033): the start of its window. */
  dealStartsAt: z.string().nullable(),
  membershipFeeYearly: z.number().int().nullable(),
  /** The signed-in customer already holds this card (always false for visitors). */
  held: z.boolean(),
  vendor: publicVendorRefSchema,
  /** A partner card's accepted partners (decision 023), honoured like the owner; empty otherwise. */
  partners: z.array(z.object({ slug: z.string(), businessName: z.string() })),
  /** Sorted "near me": km to the vendor's nearest open branch (decision 088). */
  distanceKm: z.number().optional(),
});
export type PublicCard = z.infer<typeof publicCardSchema>;

export const cardPageSchema = z.object({
  cards: z.array(publicCardSchema),
  nextCursor: z.string().nullable(),
  /** Counted on the first page only (null on later pages). */
  total: z.number().int().nullable(),
  vendorCount: z.number().int().nullable(),
});
export type CardPage = z.infer<typeof cardPageSchema>;

export const vendorTileSchema = publicVendorRefSchema.extend({
  businessDescription: z.string().nullable(),
  activeCardCount: z.number().int(),
  /** Sorted "near me": km to the vendor's nearest open branch (decision 088). */
  distanceKm: z.number().optional(),
});
export type VendorTile = z.infer<typeof vendorTileSchema>;

export const vendorPageSchema = z.object({
  vendors: z.array(vendorTileSchema),
  nextCursor: z.string().nullable(),
});
export type VendorPage = z.infer<typeof vendorPageSchema>;

/** Where a map's tiles come from and the credit its licence asks for (decision 084). */
export const mapTilesSchema = z.object({ url: z.string(), attribution: z.string() });
export type MapTiles = z.infer<typeof mapTilesSchema>;

/** A pin in degrees. */
const positionSchema = z.object({ latitude: z.number(), longitude: z.number() });

/** A branch as the public vendor page shows it (decision 084): active, not archived, main first. */
export const publicBranchSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  area: z.string(),
  /** Null for a main branch whose owner has not placed the pin. */
  position: positionSchema.nullable(),
  phone: z.string(),
  whatsapp: z.string(),
  openingHours: openingHoursSchema.nullable(),
});
export type PublicBranch = z.infer<typeof publicBranchSchema>;

export const publicVendorDetailSchema = vendorTileSchema.extend({
  address: z.string(),
  phone: z.string(),
  whatsapp: z.string().nullable(),
  website: z.string().nullable(),
  facebookPage: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  openingHours: openingHoursSchema.nullable(),
  branches: z.array(publicBranchSchema),
  /**
   * The vendor's cards honoured at chosen branches only (decision 089), with those branches'
   * names (the open ones); every card not listed is honoured at every branch.
   */
  cardBranches: z.array(z.object({ cardId: z.string(), name: z.string(), branches: z.array(z.string()) })),
  mapTiles: mapTilesSchema,
});
export type PublicVendorDetail = z.infer<typeof publicVendorDetailSchema>;

export const landingStatsSchema = z.object({
  approvedVendors: z.number().int(),
  activeCards: z.number().int(),
  cityCount: z.number().int(),
  /** Cities with at least one approved vendor, in the order of CITIES: the landing's city chips. */
  cities: z.array(citySchema),
});
export type LandingStats = z.infer<typeof landingStatsSchema>;

export const joinCardResultSchema = z.object({
  userCardId: z.string(),
  cardId: z.string(),
  cardName: z.string(),
  vendorName: z.string(),
  stockLeft: z.number().int().nullable(),
});
export type JoinCardResult = z.infer<typeof joinCardResultSchema>;

// ---- The vendor application (SPEC.md sections 3, 5 and 9) ----

const PHONE_PATTERN = /^\+?[0-9][0-9 -]{6,18}$/;
const PHONE_MESSAGE = 'Please enter a valid phone number, for example +92 300 1234567.';

function requiredText(message: string, max: number, tooLong: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong);
}

/** Optional text fields arrive as '' from the form; '' means "not given". */
function optionalText(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).optional().default('');
}

export const vendorApplicationSchema = z.object({
  business_name: requiredText('Business name is required.', 100, 'Business name is too long (100 characters at most).'),
  business_category: z.enum(VENDOR_CATEGORIES, { error: 'Please choose a business category.' }),
  business_description: optionalText(1000, 'Description is too long (1000 characters at most).'),
  address: requiredText('Address is required.', 200, 'Address is too long (200 characters at most).'),
  city: z.enum(CITIES, { error: 'Please choose a city from the list.' }),
  area: requiredText('Area is required.', 100, 'Area is too long (100 characters at most).'),
  phone: z
    .string({ error: 'Phone number is required.' })
    .trim()
    .min(1, 'Phone number is required.')
    .regex(PHONE_PATTERN, PHONE_MESSAGE),
  whatsapp: optionalText(30, PHONE_MESSAGE).refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE),
  website: optionalText(200, 'Website address is too long.').refine(
    (value) => isWebAddress(withWebScheme(value)),
    'Please enter a website address, for example bilalkarahi.pk',
  ),
  owner_name: requiredText('Owner name is required.', 100, 'Owner name is too long (100 characters at most).'),
  owner_email: z
    .string({ error: 'Owner email is required.' })
    .trim()
    .min(1, 'Owner email is required.')
    .max(254, 'Email address is too long.')
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
});
export type VendorApplicationInput = z.input<typeof vendorApplicationSchema>;
export type VendorApplication = z.output<typeof vendorApplicationSchema>;

export const vendorApplicationCreatedSchema = z.object({
  vendorId: z.string(),
  slug: z.string(),
  status: z.enum(VENDOR_STATUSES),
});
export type VendorApplicationCreated = z.infer<typeof vendorApplicationCreatedSchema>;

/** An application as it was sent, read back (plain strings: stored data is not re-validated). */
export const submittedApplicationSchema = z.object({
  business_name: z.string(),
  business_category: z.enum(VENDOR_CATEGORIES),
  business_description: z.string(),
  address: z.string(),
  city: z.enum(CITIES),
  area: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  website: z.string(),
  owner_name: z.string(),
  owner_email: z.string(),
});

export type SubmittedApplication = z.infer<typeof submittedApplicationSchema>;

export const myVendorApplicationSchema = z
  .object({
    status: z.enum(VENDOR_STATUSES),
    businessName: z.string(),
    rejectionReason: z.string().nullable(),
    submittedAt: z.string(),
    /** The application's fields when its owner may apply again (after a rejection), to prefill the form. */
    application: submittedApplicationSchema.nullable(),
  })
  .nullable();
export type MyVendorApplication = z.infer<typeof myVendorApplicationSchema>;
