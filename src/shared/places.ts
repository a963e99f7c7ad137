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

export const CATEGORY_LABELS: Record<VendorCategory, string> = {
  restaurant: 'Restaurant',
  cafe: 'Café',
  bakery: 'Bakery',
  dessert: 'Dessert',
  sweets: 'Sweets',
  retail: 'Retail',
  salon: 'Salon',
  pharmacy: 'Pharmacy',
  electronics: 'Electronics',
  clothing: 'Clothing',
  other: 'Other',
};

/** The Vendor Clubs filter groups (PRODUCT.md section 2). */
export const CATEGORY_GROUPS = {
  food: ['restaurant', 'bakery', 'dessert', 'sweets'],
  coffee: ['cafe'],
  retail: ['retail', 'clothing', 'electronics', 'pharmacy'],
  services: ['salon', 'other'],
} as const satisfies Record<string, readonly VendorCategory[]>;
export type CategoryGroup = keyof typeof CATEGORY_GROUPS;
export const CATEGORY_GROUP_IDS = ['all', 'food', 'coffee', 'retail', 'services'] as const;
