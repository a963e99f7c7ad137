import { addPakistanDays, pakistanDateKey, startOfPakistanDay } from '@shared/pakistan-time';
import { RANGE_DAYS, type AnalyticsBucket, type AnalyticsRange } from '@shared/analytics/vendor-analytics';

// The Pakistan calendar itself (days, weeks, months, formats) lives in shared/pakistan-time.ts;
// these are the analytics ranges and chart buckets built on it.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of a range: midnight, (days - 1) days before today, so today counts as a whole day. */
export function rangeStart(range: AnalyticsRange, now: Date): Date {
  return addPakistanDays(startOfPakistanDay(now), -(RANGE_DAYS[range] - 1));
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
