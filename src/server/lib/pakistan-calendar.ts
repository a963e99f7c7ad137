import { RANGE_DAYS, type AnalyticsBucket, type AnalyticsRange } from '../../shared/vendor-analytics';

/** Pakistan Standard Time is UTC+5 all year (no daylight saving), so day arithmetic is exact. */
const OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of the Pakistan calendar day that contains this instant. */
export function pakistanDateKey(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 Pakistan time of the day containing this instant. */
export function startOfPakistanDay(instant: Date): Date {
  const local = new Date(instant.getTime() + OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFSET_MS);
}

/** 00:00 Pakistan time on the Monday of the week (Monday to Sunday) containing this instant. */
export function startOfPakistanWeek(instant: Date): Date {
  const day = startOfPakistanDay(instant);
  const sinceMonday = (new Date(day.getTime() + OFFSET_MS).getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** 00:00 Pakistan time on the first of this month: the month of the stamp limit (SPEC.md section 5), usage and revenue. */
export function startOfPakistanMonth(instant: Date): Date {
  const local = new Date(instant.getTime() + OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET_MS);
}

/** The first instant of a range: midnight, (days - 1) days before today, so today counts as a whole day. */
export function rangeStart(range: AnalyticsRange, now: Date): Date {
  return new Date(startOfPakistanDay(now).getTime() - (RANGE_DAYS[range] - 1) * DAY_MS);
}

/** The bucket key (first Pakistan day of the day, ISO week from Monday, or month) of a date key. */
export function bucketKeyOf(dateKey: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return dateKey;
  if (bucket === 'month') return `${dateKey.slice(0, 7)}-01`;
  const date = new Date(`${dateKey}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Every bucket from the range start to today, so a chart shows quiet days as zero, not as gaps. */
export function bucketKeys(start: Date, now: Date, bucket: AnalyticsBucket): string[] {
  const keys: string[] = [];
  const last = pakistanDateKey(now);
  for (let day = new Date(`${pakistanDateKey(start)}T00:00:00Z`); ; day = new Date(day.getTime() + DAY_MS)) {
    const dateKey = day.toISOString().slice(0, 10);
    const key = bucketKeyOf(dateKey, bucket);
    if (keys[keys.length - 1] !== key) keys.push(key);
    if (dateKey >= last) break;
  }
  return keys;
}
