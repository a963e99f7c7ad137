import { describe, expect, it } from 'vitest';
import { LANGUAGE_LOCALE, LANGUAGES } from './i18n/languages';
import { formatNumber, formatPKR } from './number-format';

/** Every length of number up to the largest safe integer, each digit, and the edges of a group. */
function sampleNumbers(): number[] {
  const numbers = new Set<number>([0, Number.MAX_SAFE_INTEGER]);
  for (let power = 0; power <= 15; power += 1) {
    const unit = 10 ** power;
    for (const factor of [1, 2, 5, 9, 10, 11, 99, 123, 999]) {
      for (const delta of [-1, 0, 1]) {
        const value = unit * factor + delta;
        if (Number.isSafeInteger(value) && value >= 0) numbers.add(value);
      }
    }
  }
  return [...numbers];
}

describe('writing numbers in Pakistan’s locales', () => {
  for (const language of LANGUAGES) {
    const locale = LANGUAGE_LOCALE[language];
    const intlNumber = new Intl.NumberFormat(locale);
    const intlRupees = new Intl.NumberFormat(locale, { style: 'currency', currency: 'PKR', maximumFractionDigits: 0 });

    it(`writes whole numbers in ${locale} exactly as Intl does`, () => {
      const numbers = sampleNumbers();
      expect(numbers.length).toBeGreaterThan(300);
      for (const value of numbers) {
        expect(formatNumber(value, locale), String(value)).toBe(intlNumber.format(value));
        expect(formatPKR(value, locale), String(value)).toBe(intlRupees.format(value));
      }
    });

    it(`leaves fractions, negatives and other oddities in ${locale} to Intl`, () => {
      for (const value of [
        -1,
        -0,
        -1234567,
        0.5,
        1234.5678,
        2.5,
        Number.MAX_SAFE_INTEGER + 2,
        1e21,
        Number.NaN,
        Infinity,
      ]) {
        expect(formatNumber(value, locale), String(value)).toBe(intlNumber.format(value));
        expect(formatPKR(value, locale), String(value)).toBe(intlRupees.format(value));
      }
    });
  }

  it('writes a locale it has no rule for through Intl', () => {
    expect(formatNumber(1234567, 'en-IN')).toBe(new Intl.NumberFormat('en-IN').format(1234567));
    expect(formatNumber(1234567, 'en-IN')).toBe('12,34,567');
  });

  it('writes rupees with a no-break space after "Rs"', () => {
    expect(formatPKR(10000, 'en-PK')).toBe('Rs\u00a010,000');
    expect(formatPKR(2500, 'ur-PK')).toBe('Rs\u00a02,500');
  });
});
