import { formatLocale } from './format-locale';

const pkrFormatters = new Map<string, Intl.NumberFormat>();

/** PKR amounts are whole rupees everywhere in Chaska: "Rs 2,500" in en-PK and ur-PK alike. */
export function formatPKR(amount: number): string {
  const locale = formatLocale();
  let found = pkrFormatters.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(locale, { style: 'currency', currency: 'PKR', maximumFractionDigits: 0 });
    pkrFormatters.set(locale, found);
  }
  return found.format(amount);
}
