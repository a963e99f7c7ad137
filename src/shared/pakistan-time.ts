/**
 * Pakistan time, the one home of every calendar calculation and date format in Chaska (server
 * and browser). Pakistan has one time zone, PKT, UTC+5 all year with no daylight saving, so
 * calendar arithmetic is exact with a fixed offset and no time-zone library; formatting uses
 * Intl with the Asia/Karachi zone, so the reader's own device zone never matters.
 */

import { formatLocale, missingValueText } from './format-locale';

export { formatLocale, setFormatLanguageSource } from './format-locale';

export const PAKISTAN_TIME_ZONE = 'Asia/Karachi';

const OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant as the wall clock in Pakistan reads it, in the UTC fields of a Date. */
function wallClock(instant: Date): Date {
  return new Date(instant.getTime() + OFFSET_MS);
}

/** YYYY-MM-DD of the Pakistan calendar day that contains this instant. */
export function pakistanDateKey(instant: Date): string {
  return wallClock(instant).toISOString().slice(0, 10);
}

/** The instant at which the Pakistan wall clock shows this date (YYYY-MM-DD) and hour. */
export function pakistanInstant(dateKey: string, hour = 0): Date {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour) - OFFSET_MS);
}

/** 00:00 Pakistan time of the day containing this instant. */
export function startOfPakistanDay(instant: Date): Date {
  const local = wallClock(instant);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFSET_MS);
}

/** 00:00 Pakistan time on the Monday of the week (Monday to Sunday) containing this instant. */
export function startOfPakistanWeek(instant: Date): Date {
  const day = startOfPakistanDay(instant);
  const sinceMonday = (wallClock(day).getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** 00:00 Pakistan time on the first of the month containing this instant. */
export function startOfPakistanMonth(instant: Date): Date {
  const local = wallClock(instant);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET_MS);
}

/** `days` whole days later (or earlier, when negative): exact, as Pakistan has no clock changes. */
export function addPakistanDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}

/** Whole seconds, at least one, until the next midnight in Pakistan: when a daily limit opens again. */
export function secondsUntilNextPakistanDay(now: Date): number {
  return Math.max(1, Math.ceil((addPakistanDays(startOfPakistanDay(now), 1).getTime() - now.getTime()) / 1000));
}

/**
 * The same wall-clock time `months` calendar months later in Pakistan; a day the target month
 * lacks becomes its last day (31 January + 1 month = 28 or 29 February), as billing periods run.
 */
export function addPakistanMonths(instant: Date, months: number): Date {
  const local = wallClock(instant);
  const firstOfTarget = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, 1));
  const daysInTarget = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(local.getUTCDate(), daysInTarget));
  const sinceMidnight = local.getTime() % DAY_MS;
  return new Date(firstOfTarget.getTime() + sinceMidnight - OFFSET_MS);
}

/**
 * The options of each date and time format; the locale comes from the reader's language. Every
 * date and time Chaska shows goes through the functions below, so a time reads one way everywhere:
 * "9:07 am" in English, "9:07 صبح" in Urdu.
 */
const FORMATS = {
  longDate: { year: 'numeric', month: 'long', day: 'numeric', timeZone: PAKISTAN_TIME_ZONE },
  longDateTime: {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: PAKISTAN_TIME_ZONE,
  },
  dayAndTime: { day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: PAKISTAN_TIME_ZONE },
  monthOfYear: { month: 'long', year: 'numeric', timeZone: PAKISTAN_TIME_ZONE },
  timeOfDay: { hour: 'numeric', minute: '2-digit', timeZone: PAKISTAN_TIME_ZONE },
  hourOfDay: { hour: 'numeric', timeZone: PAKISTAN_TIME_ZONE },
  clock: { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: PAKISTAN_TIME_ZONE },
  dayAndMonth: { day: 'numeric', month: 'long', timeZone: PAKISTAN_TIME_ZONE },
  // Date keys are already Pakistan calendar days: they are read at UTC midnight and written as UTC.
  dayOfDateKey: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  monthOfDateKey: { month: 'short', year: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * Urdu's times of day. ur-PK's plain pattern ends a time with the Latin "AM"/"PM", which an Urdu
 * sentence also shows reversed ("AM 9:54"); asked for the day period, Intl writes the Urdu words
 * (صبح، دوپہر، سہ پہر، شام، رات) as an Urdu reader says a time, and "9:54 صبح" reads right in place.
 */
const URDU_DAY_PERIOD: Intl.DateTimeFormatOptions = { dayPeriod: 'short' };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(name: keyof typeof FORMATS): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale}:${name}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions = FORMATS[name];
    const withHour = 'hour' in options && locale === 'ur-PK';
    found = new Intl.DateTimeFormat(locale, withHour ? { ...options, ...URDU_DAY_PERIOD } : options);
    formatters.set(key, found);
  }
  return found;
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** en-PK (or ur-PK), long month format, Pakistan time (SPEC.md: billing dates): "24 November 2026"; "N/A" (in the reader's language) when missing. */
export function formatLongDate(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? formatter('longDate').format(date) : missingValueText();
}

/** The same with the time of day: "24 November 2026 at 5:58 am"; "N/A" when missing. */
export function formatLongDateTime(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? formatter('longDateTime').format(date) : missingValueText();
}

/** The Pakistan month containing this instant: "November 2026". */
export function formatLongMonth(instant: Date): string {
  return formatter('monthOfYear').format(instant);
}

/** The weekday (0 Sunday … 6 Saturday) of a Pakistan date key (YYYY-MM-DD). */
export function weekdayOfDateKey(dateKey: string): number {
  return new Date(`${dateKey}T00:00:00Z`).getUTCDay();
}

/** "5:58 am" ("5:58 صبح" in Urdu), Pakistan time; "" when missing. */
export function formatTimeOfDay(value: Date | string | number): string {
  const date = toDate(value);
  return date ? formatter('timeOfDay').format(date) : '';
}

/**
 * A moment with its day, for a time that may not be today: "30 November at 9:07 am". A bare
 * "9:07 am" is only right where the sentence says which day it is.
 */
export function formatDayAndTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? formatter('dayAndTime').format(date) : '';
}

/** "23 November": the Pakistan day of this instant, without the year. */
export function formatDayAndMonth(instant: Date): string {
  return formatter('dayAndMonth').format(instant);
}

/** "5:58:07 am": a ticking clock. */
export function formatClock(value: Date | number): string {
  const date = toDate(value);
  return date ? formatter('clock').format(date) : '';
}

/** A band of whole hours of the Pakistan day, as the analytics' peak hours: "6 am – 12 pm". */
export function formatHourBand(fromHour: number, toHour: number): string {
  const hour = (value: number) => formatter('hourOfDay').format(pakistanInstant('2026-01-01', value));
  return `${hour(fromHour)} – ${hour(toHour)}`;
}

/** An "HH:MM" time of the Pakistan day (opening hours) written as every other time: "09:30" is "9:30 am". */
export function formatWallClockTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const instant = pakistanInstant('2026-01-01', Number(match[1]));
  return formatTimeOfDay(new Date(instant.getTime() + Number(match[2]) * 60_000));
}

/** A Pakistan date key (YYYY-MM-DD) as "5 Nov", or as "Nov 2026" for a month; the key itself when it is not a date. */
export function formatDateKey(dateKey: string, unit: 'day' | 'month' = 'day'): string {
  const date = new Date(`${dateKey}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return dateKey;
  return unit === 'month' ? formatter('monthOfDateKey').format(date) : formatter('dayOfDateKey').format(date);
}

/**
 * Two Pakistan date keys as one period: "5 – 11 Nov", "30 Nov – 29 Dec", and with the years as
 * soon as they differ: "30 Nov 2025 – 29 Nov 2026". Intl's ranges decide what to repeat.
 */
export function formatDateKeyRange(from: string, to: string, unit: 'day' | 'month' = 'day'): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${from} – ${to}`;
  return formatter(unit === 'month' ? 'monthOfDateKey' : 'dayOfDateKey').formatRange(start, end);
}
