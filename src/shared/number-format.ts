import { formatLocale } from './format-locale';

/**
 * Numbers and rupee amounts as Intl writes them in Pakistan's locales, the one place they are
 * written (decision 069). The first Intl.NumberFormat a page makes holds the main thread while V8
 * lists every locale ICU knows (35 to 90 ms on the bench's host, more on a cheap phone), and a
 * server-rendered page made it in the middle of hydration for its first count or price. Whole,
 * non-negative numbers in en-PK and ur-PK are written here, digit groups of three apart with
 * commas, exactly as Intl does (number-format.test.ts compares them); anything else asks Intl.
 */

const PAKISTAN_LOCALES: ReadonlySet<string> = new Set(['en-PK', 'ur-PK']);

/** Before each group of three digits that has digits in front of it. */
const THOUSANDS_BOUNDARY = /\B(?=(\d{3})+(?!\d))/g;

/** "Rs", then a no-break space, as Intl writes PKR in both locales. */
const RUPEES_PREFIX = 'Rs\u00a0';

const RUPEES: Intl.NumberFormatOptions = { style: 'currency', currency: 'PKR', maximumFractionDigits: 0 };

const intlFormatters = new Map<string, Intl.NumberFormat>();

function intlFormat(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  const key = `${locale}|${options === RUPEES ? 'rupees' : 'plain'}`;
  let formatter = intlFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    intlFormatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** The digits of a whole, non-negative number in groups of three, or null when Intl must write it. */
function groupedDigits(value: number, locale: string): string | null {
  if (!PAKISTAN_LOCALES.has(locale) || !Number.isSafeInteger(value) || value < 0 || Object.is(value, -0)) return null;
  return String(value).replace(THOUSANDS_BOUNDARY, ',');
}

/** "1,200" in the reader's locale (or the one given, for a text that is always English). */
export function formatNumber(value: number, locale: string = formatLocale()): string {
  return groupedDigits(value, locale) ?? intlFormat(value, locale);
}

/** PKR amounts are whole rupees everywhere in Chaska: "Rs 2,500" in en-PK and ur-PK alike. */
export function formatPKR(amount: number, locale: string = formatLocale()): string {
  const digits = groupedDigits(amount, locale);
  return digits === null ? intlFormat(amount, locale, RUPEES) : `${RUPEES_PREFIX}${digits}`;
}

/** A count of a unit of time with the unit's name: "3 days", "3 دن". Not for a public page's first render (decision 069). */
export function formatTimeUnit(
  value: number,
  unit: 'day' | 'hour' | 'minute' | 'second',
  locale: string = formatLocale(),
): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
