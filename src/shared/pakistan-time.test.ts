import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from './i18n/languages';
import { formatPKR } from './number-format';
import {
  addPakistanDays,
  addPakistanMonths,
  formatClock,
  formatDateKey,
  formatDayAndMonth,
  formatDateKeyRange,
  formatDayAndTime,
  formatHourBand,
  formatWallClockTime,
  formatLongDate,
  formatLongDateTime,
  formatLocale,
  formatLongMonth,
  formatTimeOfDay,
  setFormatLanguageSource,
  pakistanDateKey,
  pakistanInstant,
  startOfPakistanDay,
  startOfPakistanMonth,
  startOfPakistanWeek,
  weekdayOfDateKey,
} from './pakistan-time';

describe('Pakistan time (UTC+5, no daylight saving)', () => {
  it('turns the day at 00:00 PKT, which is 19:00 UTC the day before', () => {
    // 23:59 PKT on 1 March is 18:59 UTC on 1 March; 00:00 PKT on 2 March is 19:00 UTC on 1 March.
    expect(pakistanDateKey(new Date('2026-03-01T18:59:59Z'))).toBe('2026-03-01');
    expect(pakistanDateKey(new Date('2026-03-01T19:00:00Z'))).toBe('2026-03-02');
    expect(startOfPakistanDay(new Date('2026-03-01T18:59:59Z')).toISOString()).toBe('2026-02-28T19:00:00.000Z');
    expect(startOfPakistanDay(new Date('2026-03-01T19:00:00Z')).toISOString()).toBe('2026-03-01T19:00:00.000Z');
    expect(formatLongDateTime('2026-03-01T18:59:00Z')).toBe('1 March 2026 at 11:59 pm');
    expect(formatLongDateTime('2026-03-01T19:00:00Z')).toBe('2 March 2026 at 12:00 am');
  });

  it('starts the month on the 1st at 00:00 PKT, even while UTC is still in the month before', () => {
    expect(startOfPakistanMonth(new Date('2026-02-28T19:00:00Z')).toISOString()).toBe('2026-02-28T19:00:00.000Z');
    expect(startOfPakistanMonth(new Date('2026-02-28T18:59:59Z')).toISOString()).toBe('2026-01-31T19:00:00.000Z');
    expect(startOfPakistanMonth(new Date('2026-03-31T18:59:59Z')).toISOString()).toBe('2026-02-28T19:00:00.000Z');
    // New year: 00:00 PKT on 1 January is 19:00 UTC on 31 December.
    expect(startOfPakistanMonth(new Date('2026-12-31T19:30:00Z')).toISOString()).toBe('2026-12-31T19:00:00.000Z');
    expect(formatLongDate('2026-12-31T19:30:00Z')).toBe('1 January 2027');
  });

  it('starts the week on Monday 00:00 PKT, whatever the day', () => {
    // Monday 16 March 2026 00:00 PKT is Sunday 15 March 19:00 UTC.
    for (const instant of ['2026-03-15T19:00:00Z', '2026-03-18T12:00:00Z', '2026-03-22T18:59:59Z']) {
      expect(startOfPakistanWeek(new Date(instant)).toISOString()).toBe('2026-03-15T19:00:00.000Z');
    }
    // Sunday 23:59:59 PKT still belongs to the week before.
    expect(startOfPakistanWeek(new Date('2026-03-15T18:59:59Z')).toISOString()).toBe('2026-03-08T19:00:00.000Z');
  });

  it('finds the instant of a Pakistan wall-clock time and moves by whole days', () => {
    expect(pakistanInstant('2026-03-02').toISOString()).toBe('2026-03-01T19:00:00.000Z');
    expect(pakistanInstant('2026-03-02', 9).toISOString()).toBe('2026-03-02T04:00:00.000Z');
    expect(addPakistanDays(new Date('2026-03-01T19:00:00Z'), -6).toISOString()).toBe('2026-02-23T19:00:00.000Z');
  });

  it('formats in en-PK, Pakistan time, whatever the device zone', () => {
    expect(formatLongDate('2026-11-24T00:58:00Z')).toBe('24 November 2026');
    expect(formatLongDateTime('2026-11-24T00:58:00Z')).toBe('24 November 2026 at 5:58 am');
    expect(formatTimeOfDay('2026-11-24T13:05:00Z')).toBe('6:05 pm');
    expect(formatTimeOfDay(Date.parse('2026-11-24T13:05:00Z'))).toBe('6:05 pm');
    expect(formatClock(new Date('2026-11-24T13:05:07Z'))).toBe('6:05:07 pm');
    expect(formatLongDateTime(null)).toBe('N/A');
    expect(formatLongDate('not a date')).toBe('N/A');
    expect(formatTimeOfDay('not a date')).toBe('');
    // 31 October 19:30 UTC is already November in Pakistan.
    expect(formatLongMonth(new Date('2026-10-31T19:30:00Z'))).toBe('November 2026');
  });

  it('writes Pakistan date keys as short days and months', () => {
    expect(formatDateKey('2026-11-05')).toBe('5 Nov');
    expect(formatDateKey('2026-11-01', 'month')).toBe('Nov 2026');
    expect(formatDateKey('soon')).toBe('soon');
    expect(weekdayOfDateKey('2026-03-16')).toBe(1);
  });

  it('adds calendar months on the Pakistan wall clock, ending short months on their last day', () => {
    // 10:00 PKT on 15 March is 05:00 UTC.
    expect(addPakistanMonths(new Date('2026-03-15T05:00:00Z'), 1).toISOString()).toBe('2026-04-15T05:00:00.000Z');
    // 31 January (PKT) + 1 month is 28 February; 31 March + 1 is 30 April.
    expect(addPakistanMonths(new Date('2026-01-31T05:00:00Z'), 1).toISOString()).toBe('2026-02-28T05:00:00.000Z');
    expect(addPakistanMonths(new Date('2028-01-31T05:00:00Z'), 1).toISOString()).toBe('2028-02-29T05:00:00.000Z');
    // 00:30 PKT on 1 April is still 31 March in UTC: the month counted is Pakistan's.
    expect(addPakistanMonths(new Date('2026-03-31T19:30:00Z'), 1).toISOString()).toBe('2026-04-30T19:30:00.000Z');
    // Across the new year.
    expect(addPakistanMonths(new Date('2026-12-10T05:00:00Z'), 1).toISOString()).toBe('2027-01-10T05:00:00.000Z');
  });

  it('writes every time of day one way, "3:42 pm", with its day where the day may not be today', () => {
    expect(formatTimeOfDay(new Date('2026-05-01T10:42:00Z'))).toBe('3:42 pm');
    expect(formatTimeOfDay(new Date('2026-05-01T19:05:00Z'))).toBe('12:05 am');
    expect(formatTimeOfDay(new Date('2026-05-01T07:00:00Z'))).toBe('12:00 pm');
    expect(formatDayAndMonth(new Date('2026-11-22T19:00:00Z'))).toBe('23 November');
    expect(formatDayAndTime('2026-11-30T04:07:00Z')).toBe('30 November at 9:07 am');
    expect(formatHourBand(6, 12)).toBe('6 am – 12 pm');
    expect(formatHourBand(21, 6)).toBe('9 pm – 6 am');
    expect(formatWallClockTime('09:30')).toBe('9:30 am');
    expect(formatWallClockTime('21:00')).toBe('9:00 pm');
    expect(formatWallClockTime('closed')).toBe('closed');
  });

  it('writes a period of date keys with the years as soon as they differ', () => {
    // Intl sets the dash of a range between thin spaces.
    expect(formatDateKeyRange('2026-11-05', '2026-11-11')).toBe('5–11 Nov');
    expect(formatDateKeyRange('2026-10-31', '2026-11-29')).toBe('31 Oct\u2009–\u200929 Nov');
    expect(formatDateKeyRange('2025-11-30', '2026-11-29')).toBe('30 Nov 2025\u2009–\u200929 Nov 2026');
    expect(formatDateKeyRange('2025-11-01', '2026-10-01', 'month')).toBe('Nov 2025\u2009–\u2009Oct 2026');
  });
});

describe('dates and prices in the reader language', () => {
  // The source in use before (the server's, when an earlier file of this worker loaded it) is put
  // back: the workers keep modules between files, and an English-only source left behind wrote a
  // later file's Urdu e-mail with English month names.
  let serverSource: () => Language;
  beforeEach(() => {
    serverSource = setFormatLanguageSource(() => 'en');
  });
  afterEach(() => setFormatLanguageSource(serverSource));

  it('writes en-PK for English and ur-PK for Urdu, in Pakistan time, with Latin digits and Rs', () => {
    const instant = new Date('2026-11-24T00:58:00Z');
    expect(formatLongDate(instant)).toBe('24 November 2026');
    expect(formatPKR(2500)).toBe('Rs\u00a02,500');
    setFormatLanguageSource(() => 'ur');
    expect(formatLocale()).toBe('ur-PK');
    expect(formatLongDate(instant)).toBe('24 نومبر، 2026');
    expect(formatDayAndMonth(instant)).toBe('24 نومبر');
    expect(formatPKR(2500)).toBe('Rs\u00a02,500');
    expect(formatLongDate(null)).toBe('دستیاب نہیں');
    expect(formatLongDateTime('not a date')).toBe('دستیاب نہیں');
  });

  it('writes Urdu times with the Urdu time of day, never the Latin "AM"', () => {
    const morning = new Date('2026-11-24T04:54:07Z');
    const evening = new Date('2026-11-24T14:05:00Z');
    expect(formatTimeOfDay(morning)).toBe('9:54 am');
    expect(formatClock(morning)).toBe('9:54:07 am');
    setFormatLanguageSource(() => 'ur');
    expect(formatTimeOfDay(morning)).toBe('9:54 صبح');
    expect(formatTimeOfDay(evening)).toBe('7:05 شام');
    expect(formatClock(morning)).toBe('9:54:07 صبح');
    expect(formatLongDateTime(morning)).toBe('24 نومبر، 2026 کو 9:54 صبح');
    expect(formatDayAndTime(morning)).not.toMatch(/AM|PM/);
    expect(formatHourBand(6, 12)).toBe('6 صبح – 12 دوپہر');
    expect(formatDateKeyRange('2025-11-30', '2026-11-29')).toBe('30 نومبر، 2025 – 29 نومبر، 2026');
    expect(formatTimeOfDay('not a date')).toBe('');
  });
});
