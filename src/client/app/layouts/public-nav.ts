import { BRAND } from '@shared/brand';

/** The public sections, shown in the header on wide screens and in the phone menu. */
export const PUBLIC_NAV = [
  { label: 'Vendor Clubs', to: '/vendor-clubs' },
  { label: BRAND.dailyName, to: '/daily-chaska' },
  { label: 'Exclusive', to: '/exclusive' },
  { label: 'Free Cards', to: '/free-cards' },
] as const;
