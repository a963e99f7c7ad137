import { BRAND } from './brand';

// No zod here: the public layout reads these defaults, and zod stays out of the first download.

/**
 * The UI texts an admin can override in the Global Text Editor. Each screen reads its text with
 * useText(key, fallback); the fallback here is what the screen shows without an override. Add a
 * key here when a screen starts using useText for it.
 */
export const TEXT_KEYS = {
  'landing.hero.tagline': { area: 'Landing page', label: 'Hero tagline badge', fallback: BRAND.tagline },
  'landing.hero.headline': { area: 'Landing page', label: 'Hero headline', fallback: 'Collect stamps at the places you love.' },
  'landing.hero.intro': {
    area: 'Landing page',
    label: 'Hero introduction',
    fallback: `${BRAND.name} puts the loyalty cards of your favourite restaurants, cafes, bakeries and sweet shops on your phone. Scan a QR code at the counter, collect stamps and earn rewards.`,
  },
  'footer.tagline': { area: 'Footer', label: 'Footer tagline', fallback: BRAND.tagline },
  'footer.description': {
    area: 'Footer',
    label: 'Footer description',
    fallback: 'Digital loyalty cards for restaurants, cafes, bakeries and sweet shops across Pakistan.',
  },
  'footer.note': { area: 'Footer', label: 'Footer note after the copyright', fallback: 'Made for local businesses in Pakistan.' },
} as const satisfies Record<string, { area: string; label: string; fallback: string }>;
export type TextKey = keyof typeof TEXT_KEYS;

export function isTextKey(value: string): value is TextKey {
  return Object.hasOwn(TEXT_KEYS, value);
}

export const TEXT_VALUE_MAX = 1000;
