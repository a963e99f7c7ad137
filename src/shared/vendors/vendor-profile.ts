import { z } from 'zod';
import { CITIES, PAKISTAN_BOUNDS, VENDOR_CATEGORIES } from '@shared/places';
import { QR_STYLE_LEVELS } from '@shared/billing/plans';
import { qrColourField } from '@shared/stamps/qr-style';
import { weakPassword } from '@shared/accounts/accounts';
import { fieldMessage } from '@shared/field-messages';
import { PASSWORD_MIN_LENGTH } from '@shared/accounts/users';
import { isWebAddress, WEEKDAYS, withWebScheme, type Weekday } from './vendors';

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The latest closing time read as "after midnight" when it is earlier than the opening time. */
export const LATEST_CLOSE_AFTER_MIDNIGHT = '06:00';
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{6,18}$/;
export const PHONE_MESSAGE = 'Please enter a valid phone number, for example +92 300 1234567.';

/**
 * The most stamps a vendor may allow for one order: a family or an office's order at the counter,
 * never a way to fill a card at once.
 */
export const STAMPS_PER_VISIT_CAP = 10;
const STAMPS_PER_VISIT_MESSAGE = `Stamps per order must be a whole number from 1 to ${STAMPS_PER_VISIT_CAP}.`;

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** An optional text field: empty means "not set" and is stored as null. */
function optionalText(max: number, label: string) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters.`).default('');
}

function optionalMatching(pattern: RegExp, message: string) {
  return z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || pattern.test(value), message);
}

function optionalUrl(label: string) {
  return z
    .string()
    .trim()
    .max(200, `${label} must be at most 200 characters.`)
    .default('')
    .refine(
      (value) => isWebAddress(withWebScheme(value)),
      `${label} must be a web address, for example bilalkarahi.pk`,
    );
}

const dayHoursSchema = z
  .object({
    open: z.string().regex(TIME_PATTERN, 'Use a time like 09:00.'),
    close: z.string().regex(TIME_PATTERN, 'Use a time like 22:00.'),
    closed: z.boolean(),
  })
  // Closing after midnight (18:00 to 02:00) is normal for food places: a closing time before the
  // opening one is taken as the next morning up to LATEST_CLOSE_AFTER_MIDNIGHT; later, the day
  // would end before it starts (10:00 to 08:00 is a slip, not a 22-hour day).
  .refine((day) => day.closed || day.open !== day.close, {
    message: 'Opening and closing times cannot be the same.',
    path: ['close'],
  })
  .refine((day) => day.closed || day.close > day.open || day.close <= LATEST_CLOSE_AFTER_MIDNIGHT, {
    ...fieldMessage('forms:hours.endsBeforeStart'),
    path: ['close'],
  });

export const openingHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>,
);

/** A shop's pin must fall in Pakistan (places.ts `PAKISTAN_BOUNDS`). */
const { south, north, west, east } = PAKISTAN_BOUNDS;
const LATITUDE_MESSAGE = `The pin must be in Pakistan: latitude from ${south} to ${north}.`;
const LONGITUDE_MESSAGE = `The pin must be in Pakistan: longitude from ${west} to ${east}.`;

/** The shop's pin on the map, in degrees: Wallet passes appear on the lock screen near it. */
export const shopLocationSchema = z.object({
  latitude: z.number({ error: LATITUDE_MESSAGE }).min(south, LATITUDE_MESSAGE).max(north, LATITUDE_MESSAGE),
  longitude: z.number({ error: LONGITUDE_MESSAGE }).min(west, LONGITUDE_MESSAGE).max(east, LONGITUDE_MESSAGE),
});
export type ShopLocation = z.infer<typeof shopLocationSchema>;

/** Every field of SPEC.md's vendor profile: business, contact, location, hours, social, marketing. */
export const vendorProfileSchema = z.object({
  businessName: z
    .string()
    .trim()
    .min(1, 'Business name is required.')
    .max(100, 'Business name must be at most 100 characters.'),
  businessCategory: z.enum(VENDOR_CATEGORIES, { error: 'Please choose a category from the list.' }),
  businessDescription: optionalText(1000, 'Description'),
  website: optionalUrl('Website'),
  contactPerson: optionalText(100, 'Contact person'),
  contactEmail: z
    .string()
    .trim()
    .max(254, 'E-mail address is too long.')
    .default('')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Please enter a valid email address.'),
  phone: z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE),
  whatsapp: optionalMatching(PHONE_PATTERN, PHONE_MESSAGE),
  address: z
    .string()
    .trim()
    .min(1, 'Street address is required.')
    .max(200, 'Street address must be at most 200 characters.'),
  city: z.enum(CITIES, { error: 'Please choose a city from the list.' }),
  area: z.string().trim().min(1, 'Area is required.').max(100, 'Area must be at most 100 characters.'),
  /** Optional; null when the owner has not placed the pin. */
  shopLocation: shopLocationSchema.nullable().default(null),
  openingHours: openingHoursSchema,
  facebookPage: optionalUrl('Facebook page'),
  instagramHandle: optionalMatching(
    /^@?[A-Za-z0-9._]{1,30}$/,
    'An Instagram handle has up to 30 letters, numbers, dots or underscores.',
  ),
  twitterHandle: optionalMatching(
    /^@?[A-Za-z0-9_]{1,15}$/,
    'A Twitter handle has up to 15 letters, numbers or underscores.',
  ),
  allowFeature: z.boolean(),
  allowPromotions: z.boolean(),
  wantsMarketingTips: z.boolean(),
  wantsPlatformUpdates: z.boolean(),
  /** Staff may stamp a customer without a smartphone by phone number; each such stamp sends a receipt. */
  stampByPhone: z.boolean().default(false),
  /** Several stamps for one order (a family's four teas): the most in one visit; 1 is one stamp a visit. */
  maxStampsPerVisit: z
    .number({ error: STAMPS_PER_VISIT_MESSAGE })
    .int(STAMPS_PER_VISIT_MESSAGE)
    .min(1, STAMPS_PER_VISIT_MESSAGE)
    .max(STAMPS_PER_VISIT_CAP, STAMPS_PER_VISIT_MESSAGE)
    .default(1),
  /** The counter code's colours, from the Standard plan; empty is the standard colour. Contrast is checked on save. */
  qrForeground: qrColourField('QR code colour'),
  qrBackground: qrColourField('QR background colour'),
});
export type VendorProfileInput = z.input<typeof vendorProfileSchema>;
export type VendorProfile = z.output<typeof vendorProfileSchema>;

export const vendorProfileResponseSchema = z.object({
  profile: vendorProfileSchema,
  slug: z.string(),
  logo: z.string(),
  /** The vendor's plan's QR style level: the form offers colours from 'custom'. */
  qrStyle: z.enum(QR_STYLE_LEVELS),
  status: z.string(),
  closedAt: z.string().nullable(),
});
export type VendorProfileResponse = z.infer<typeof vendorProfileResponseSchema>;

export const MARKETING_CHOICES = [
  { field: 'allowFeature', label: 'Allow Chaska to feature my business' },
  { field: 'allowPromotions', label: 'Include my business in promotional campaigns' },
  { field: 'wantsMarketingTips', label: 'Send me marketing tips' },
  { field: 'wantsPlatformUpdates', label: 'Notify me about platform updates' },
] as const;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required.').max(128),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH, weakPassword).max(128, fieldMessage('forms:password.tooLong')),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const closeAccountSchema = z.object({
  confirm: z.literal(true, { error: 'Please confirm that you want to close the account.' }),
});

export const staffInviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'E-mail address is required.')
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
});
export type StaffInviteInput = z.infer<typeof staffInviteSchema>;

export const staffListSchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(['owner', 'staff']),
      /** The branches they work at (decision 089); null: every branch. */
      branchIds: z.array(z.string()).nullable(),
      joinedAt: z.string(),
    }),
  ),
  invitations: z.array(z.object({ id: z.string(), email: z.string(), createdAt: z.string(), expiresAt: z.string() })),
});
export type StaffList = z.infer<typeof staffListSchema>;

export const invitationTokenSchema = z.object({
  token: z.string().trim().min(10, 'This invitation link is not valid.').max(200, 'This invitation link is not valid.'),
});

export const invitationPreviewSchema = z.object({
  businessName: z.string(),
  email: z.string(),
  state: z.enum(['open', 'expired', 'accepted']),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** How long a staff invitation link works. */
export const STAFF_INVITATION_DAYS = 7;

/** POST /api/vendor/account/close answers when the account closed. */
export const closedAccountSchema = z.object({ closedAt: z.string() });

/** POST /api/vendor-invitations/accept answers the business the person now works for. */
export const invitationAcceptedSchema = z.object({ businessName: z.string() });
