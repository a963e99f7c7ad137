import { fromZonedTime } from 'date-fns-tz';
import { DIGEST_TIME_ZONE, WEEKLY_DIGEST_WEEKDAY, type DigestKind } from '../../../shared/email';

const calendarDate = new Intl.DateTimeFormat('en-CA', { timeZone: DIGEST_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The first digest time strictly after `now`: `hour`:00 Pakistan time, every day for daily
 * digests and on WEEKLY_DIGEST_WEEKDAY for weekly ones. Worked out on the Karachi calendar, so
 * the server's own time zone never matters.
 */
export function nextDigestAt(now: Date, kind: DigestKind, hour: number): Date {
  const [year, month, day] = calendarDate.format(now).split('-').map(Number) as [number, number, number];
  for (let offset = 0; offset <= 8; offset += 1) {
    const date = new Date(Date.UTC(year, month - 1, day + offset));
    if (kind === 'weekly' && date.getUTCDay() !== WEEKLY_DIGEST_WEEKDAY) continue;
    const wallClock = `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00`;
    const at = fromZonedTime(wallClock, DIGEST_TIME_ZONE);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error(`No ${kind} digest time found after ${now.toISOString()}`);
}
