/**
 * Pakistan time, the one home of every calendar calculation and date format in Chaska (server
 * and browser). Pakistan has one time zone, PKT, UTC+5 all year with no daylight saving, so
 * calendar arithmetic is exact with a fixed offset and no time-zone library; formatting uses
 * Intl with the Asia/Karachi zone, so the reader's own device zone never matters.
 */

import { formatLocale, keepLeftToRight, missingValueText } from './format-locale';

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

/** The options of each date and time format; the locale comes from the reader's language. */
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
  monthOfYear: { month: 'long', year: 'numeric', timeZone: PAKISTAN_TIME_ZONE },
  timeOfDay: { hour: 'numeric', minute: '2-digit', timeZone: PAKISTAN_TIME_ZONE },
  clock: { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: PAKISTAN_TIME_ZONE },
  dayAndMonth: { day: 'numeric', month: 'long', timeZone: PAKISTAN_TIME_ZONE },
  // Date keys are already Pakistan calendar days: they are read at UTC midnight and written as UTC.
  dayOfDateKey: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  monthOfDateKey: { month: 'short', year: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(name: keyof typeof FORMATS): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale}:${name}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, FORMATS[name]);
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

/** "5:58 am", Pakistan time, as the server words its own messages; "" when missing. */
export function formatTimeOfDay(value: Date | string | number): string {
  const date = toDate(value);
  return date ? keepLeftToRight(formatter('timeOfDay').format(date)) : '';
}

/** "3:45 PM", Pakistan time, as the server's stamp messages word it (SPEC.md section 8). */
export function formatHourMinute(instant: Date): string {
  const local = wallClock(instant);
  const hour = local.getUTCHours();
  const minute = String(local.getUTCMinutes()).padStart(2, '0');
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "23 November": the Pakistan day of this instant, without the year. */
export function formatDayAndMonth(instant: Date): string {
  return formatter('dayAndMonth').format(instant);
}

/** "5:58:07 am": a ticking clock. */
export function formatClock(value: Date | number): string {
  const date = toDate(value);
  return date ? keepLeftToRight(formatter('clock').format(date)) : '';
}

/** A Pakistan date key (YYYY-MM-DD) as "5 Nov", or as "Nov 2026" for a month; the key itself when it is not a date. */
export function formatDateKey(dateKey: string, unit: 'day' | 'month' = 'day'): string {
  const date = new Date(`${dateKey}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return dateKey;
  return unit === 'month' ? formatter('monthOfDateKey').format(date) : formatter('dayOfDateKey').format(date);
}
