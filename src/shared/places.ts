import common from './i18n/en/common';

/** Cities and vendor categories of SPEC.md section 9. */
export const CITIES = [
  'Karachi',
  'Lahore',
  'Islamabad',
  'Rawalpindi',
  'Faisalabad',
  'Multan',
  'Peshawar',
  'Quetta',
  'Sialkot',
  'Gujranwala',
] as const;
export type City = (typeof CITIES)[number];

/** A city's name as catalogue keys: Urdu readers see "لاہور", the stored value stays "Lahore". */
export const CITY_LABEL_KEYS = {
  Karachi: 'common:city.Karachi',
  Lahore: 'common:city.Lahore',
  Islamabad: 'common:city.Islamabad',
  Rawalpindi: 'common:city.Rawalpindi',
  Faisalabad: 'common:city.Faisalabad',
  Multan: 'common:city.Multan',
  Peshawar: 'common:city.Peshawar',
  Quetta: 'common:city.Quetta',
  Sialkot: 'common:city.Sialkot',
  Gujranwala: 'common:city.Gujranwala',
} as const satisfies Record<City, `common:city.${string}`>;

/** The catalogue key of a stored city, or null for a place outside the list (shown as written). */
export function cityLabelKey(city: string): string | null {
  return (CITY_LABEL_KEYS as Record<string, string>)[city] ?? null;
}

/**
 * Pakistan's bounding box, in degrees, with a little margin: a shop's pin must fall in it
 * (vendor-profile.ts `shopLocationSchema`), which catches swapped or mistyped coordinates (31.52,
 * 74.35 typed the other way round lands in Iran), and so must a "near me" position (decision 088).
 */
export const PAKISTAN_BOUNDS = { south: 23.5, north: 37.2, west: 60.8, east: 77.9 } as const;

/** Whether a position is inside PAKISTAN_BOUNDS: the browser's check before it asks the listings. */
export function isInPakistan(position: { latitude: number; longitude: number }): boolean {
  const { south, north, west, east } = PAKISTAN_BOUNDS;
  return (
    position.latitude >= south && position.latitude <= north && position.longitude >= west && position.longitude <= east
  );
}

export const VENDOR_CATEGORIES = [
  'restaurant',
  'cafe',
  'bakery',
  'dessert',
  'sweets',
  'retail',
  'salon',
  'pharmacy',
  'electronics',
  'clothing',
  'other',
] as const;
export type VendorCategory = (typeof VENDOR_CATEGORIES)[number];

/** A business category's name as catalogue keys (the customer-facing screens translate them). */
export const CATEGORY_LABEL_KEYS = {
  restaurant: 'common:category.restaurant',
  cafe: 'common:category.cafe',
  bakery: 'common:category.bakery',
  dessert: 'common:category.dessert',
  sweets: 'common:category.sweets',
  retail: 'common:category.retail',
  salon: 'common:category.salon',
  pharmacy: 'common:category.pharmacy',
  electronics: 'common:category.electronics',
  clothing: 'common:category.clothing',
  other: 'common:category.other',
} as const satisfies Record<VendorCategory, `common:category.${string}`>;

/**
 * The catalogue's English defaults of the same names, for the vendor and admin screens, the CSV
 * export and the analytics, which do not read the catalogue yet (no admin override applies there).
 */
export const CATEGORY_LABELS = Object.fromEntries(
  VENDOR_CATEGORIES.map((category) => [
    category,
    common[CATEGORY_LABEL_KEYS[category].slice('common:'.length) as keyof typeof common],
  ]),
) as Record<VendorCategory, string>;

/** The Vendor Clubs filter groups (PRODUCT.md section 2). */
export const CATEGORY_GROUPS = {
  food: ['restaurant', 'bakery', 'dessert', 'sweets'],
  coffee: ['cafe'],
  retail: ['retail', 'clothing', 'electronics', 'pharmacy'],
  services: ['salon', 'other'],
} as const satisfies Record<string, readonly VendorCategory[]>;
export type CategoryGroup = keyof typeof CATEGORY_GROUPS;
export const CATEGORY_GROUP_IDS = ['all', 'food', 'coffee', 'retail', 'services'] as const;
