import { z } from 'zod';
import { CITIES, type City } from '@shared/places';
import { fieldMessage } from '@shared/field-messages';
import { mapTilesSchema } from '@shared/marketplace/marketplace';
import { openingHoursSchema, PHONE_MESSAGE, PHONE_PATTERN, shopLocationSchema } from './vendor-profile';

/**
 * A branch is one of a vendor's shops (decision 084): the vendor's own address is its main
 * branch, kept equal to the profile by the database; a chain adds more, up to its plan's
 * maxBranches. A branch beyond a smaller plan is paused, never deleted; one with history is
 * archived, never deleted.
 */
export const BRANCH_STATUSES = ['active', 'paused'] as const;
export type BranchStatus = (typeof BRANCH_STATUSES)[number];

const requiredText = (max: number, missingKey: string, longKey: string) =>
  z.string(fieldMessage(missingKey)).trim().min(1, fieldMessage(missingKey)).max(max, fieldMessage(longKey));

/** What the owner types for a branch: the API's body for add and edit, and the form's fields. */
export const branchInputSchema = z.object({
  name: requiredText(80, 'forms:branch.nameMissing', 'forms:branch.nameTooLong'),
  address: requiredText(200, 'forms:branch.addressMissing', 'forms:branch.addressTooLong'),
  city: z.enum(CITIES, fieldMessage('forms:branch.cityMissing')),
  area: requiredText(100, 'forms:branch.areaMissing', 'forms:branch.areaTooLong'),
  /** The pin, in Pakistan (decision 046); every branch has one so "near me" and Wallet find it. */
  position: shopLocationSchema,
  phone: z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE),
  whatsapp: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE),
  openingHours: openingHoursSchema,
});
export type BranchInput = z.input<typeof branchInputSchema>;
export type BranchFields = z.output<typeof branchInputSchema>;

export const branchSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  area: z.string(),
  /** Null only for a main branch whose owner has not placed the shop's pin yet. */
  position: shopLocationSchema.nullable(),
  phone: z.string(),
  whatsapp: z.string(),
  openingHours: openingHoursSchema.nullable(),
  status: z.enum(BRANCH_STATUSES),
  /** The vendor's own address: edited here or on the profile, never archived. */
  isMain: z.boolean(),
  /** Stamps given at the branch, all time: an archived branch keeps them. */
  stamps: z.number().int(),
  archivedAt: z.string().nullable(),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListSchema = z.object({
  branches: z.array(branchSchema),
  /** The plan's maxBranches (-1 unlimited): the page says how many more fit. */
  maxBranches: z.number().int(),
  mapTiles: mapTilesSchema,
  /** The open branches the one asking may work a counter at (decision 089): theirs, or all for the owner. */
  counterBranchIds: z.array(z.string()),
  /** Whether the form offers an address search that moves the pin (a geocoder is configured). */
  addressSearch: z.boolean(),
});
export type BranchList = z.infer<typeof branchListSchema>;

/** The branch form's address search (decision 084): what the owner typed, a few words. */
export const ADDRESS_SEARCH_MAX = 200;
export const addressSearchQuerySchema = z.object({
  q: z
    .string(fieldMessage('forms:branch.searchMissing'))
    .trim()
    .min(3, fieldMessage('forms:branch.searchMissing'))
    .max(ADDRESS_SEARCH_MAX, fieldMessage('forms:branch.searchTooLong')),
});

/** Places the geocoder found, in Pakistan only, each with the pin it would move to. */
export const addressMatchesSchema = z.object({
  matches: z.array(z.object({ label: z.string(), position: shopLocationSchema })),
});
export type AddressMatch = z.infer<typeof addressMatchesSchema>['matches'][number];

export const branchIdParamsSchema = z.object({ id: z.uuid(fieldMessage('forms:branch.notFound')) });

/**
 * The branch a counter works at, named by a counter code, a stamp or a redemption (decisions 084
 * and 089). Absent: none named (a one-branch vendor), or a staff member's own.
 */
export const counterBranchIdSchema = z.uuid(fieldMessage('forms:branch.notFound')).optional();

/**
 * Where someone or something works (decision 089): chosen branches of the vendor, at least one,
 * or null for every branch (today's and the default). A staff member's, and a card's.
 */
export const branchChoiceSchema = z
  .array(z.uuid(fieldMessage('forms:branch.notFound')))
  .min(1, fieldMessage('forms:branch.chooseOne'))
  .max(200, fieldMessage('forms:branch.chooseOne'))
  .transform((ids) => [...new Set(ids)])
  .nullable();

/** PUT /api/vendor/staff/members/:userId/branches: the owner places a staff member. */
export const staffBranchesSchema = z.object({ branchIds: branchChoiceSchema });
export type StaffBranchesInput = z.input<typeof staffBranchesSchema>;

/**
 * Whether a branch list lets a branch in: null lets every branch in. The one reading of a
 * staff member's and a card's branches (decision 089).
 */
export function branchAllowed(branchIds: readonly string[] | null, branchId: string): boolean {
  return branchIds === null || branchIds.includes(branchId);
}

/**
 * Each city's centre, in degrees: where a new branch's pin starts before the owner drags it, and
 * where "near me" measures from when a customer chooses a city instead of sharing a position.
 */
export const CITY_CENTRES: Record<City, { latitude: number; longitude: number }> = {
  Karachi: { latitude: 24.8607, longitude: 67.0011 },
  Lahore: { latitude: 31.5204, longitude: 74.3587 },
  Islamabad: { latitude: 33.6844, longitude: 73.0479 },
  Rawalpindi: { latitude: 33.5651, longitude: 73.0169 },
  Faisalabad: { latitude: 31.4504, longitude: 73.135 },
  Multan: { latitude: 30.1575, longitude: 71.5249 },
  Peshawar: { latitude: 34.0151, longitude: 71.5249 },
  Quetta: { latitude: 30.1798, longitude: 66.975 },
  Sialkot: { latitude: 32.4945, longitude: 74.5229 },
  Gujranwala: { latitude: 32.1877, longitude: 74.1945 },
};

/**
 * PostgreSQL earthdistance's earth() radius, so this and the listings' "near me" (measured in the
 * database, decision 088) give the same km for the same two pins.
 */
export const EARTH_RADIUS_KM = 6378.168;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two pins, in km (haversine), on earthdistance's sphere. */
export function distanceKm(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
