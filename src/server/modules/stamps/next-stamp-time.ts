import { formatDayAndMonth, formatTimeOfDay, pakistanDateKey } from '@shared/pakistan-time';
import { serverText } from '@server/lib/texts';

/**
 * The card's minimum interval between two stamps for one customer (PRODUCT.md section 4): when
 * the next stamp is possible, or null when it is possible now. The one home of the interval rule.
 * `lastStampAt` is the last visit's: a bonus stamp (referral, automation) starts no interval.
 */
export function nextStampAllowedAt(lastStampAt: Date | null, intervalMinutes: number, now: Date): Date | null {
  if (!lastStampAt || intervalMinutes <= 0) return null;
  const nextAt = new Date(lastStampAt.getTime() + intervalMinutes * 60_000);
  return nextAt > now ? nextAt : null;
}

/** "at 3:45 pm (in 42 minutes)", or "on 23 November at 9:00 am" when it is not today in Pakistan. */
export function describeNextStampTime(nextAt: Date, now: Date): string {
  const time = formatTimeOfDay(nextAt);
  const sameDay = pakistanDateKey(nextAt) === pakistanDateKey(now);
  if (!sameDay) return serverText('customer:nextStamp.otherDay', { date: formatDayAndMonth(nextAt), time });
  const minutes = Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 60_000));
  return serverText('customer:nextStamp.today', { time, count: minutes });
}
