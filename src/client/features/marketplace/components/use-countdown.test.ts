import { describe, expect, it } from 'vitest';
import { EN_CATALOGUE } from '@shared/i18n/catalogue';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { catalogueTranslator } from '@shared/i18n/compile-texts';
import { formatCountdown, timeLeft } from './use-countdown';

const catalogues = catalogueTranslator({ en: EN_CATALOGUE, ur: UR_CATALOGUE });
const translatorIn = (lng: 'en' | 'ur') => (key: string, values: Record<string, string | number>) =>
  catalogues(lng, key, values);
const en = translatorIn('en');
const HOUR = 3600 * 1000;

describe('a deal countdown', () => {
  const now = Date.parse('2026-03-11T10:00:00.000Z');

  it('counts the milliseconds left, never below zero, and nothing without an end', () => {
    expect(timeLeft('2026-03-11T10:00:05.000Z', now)).toBe(5000);
    expect(timeLeft('2026-03-11T09:59:00.000Z', now)).toBe(0);
    expect(timeLeft(null, now)).toBeNull();
  });

  it('shows hh:mm:ss under a day, rounding down', () => {
    expect(formatCountdown(0, en)).toBe('00:00:00');
    expect(formatCountdown(59_999, en)).toBe('00:00:59');
    expect(formatCountdown((2 * 3600 + 3 * 60 + 4) * 1000, en)).toBe('02:03:04');
    expect(formatCountdown(24 * HOUR - 1000, en)).toBe('23:59:59');
  });

  it('shows days and hours from a day on, never "90:22:35"', () => {
    expect(formatCountdown(24 * HOUR, en)).toBe('1 day');
    expect(formatCountdown(72 * HOUR + 59_000, en)).toBe('3 days');
    expect(formatCountdown((90 * 3600 + 22 * 60 + 35) * 1000, en)).toBe('3 d 18 h');
    const ur = translatorIn('ur');
    expect(formatCountdown(72 * HOUR, ur)).toBe('3 دن');
    expect(formatCountdown(27 * HOUR, ur)).toBe('1 دن 3 گھنٹے');
  });
});
