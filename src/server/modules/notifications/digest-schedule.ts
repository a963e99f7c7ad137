import { addPakistanDays, pakistanDateKey, pakistanInstant, weekdayOfDateKey } from '@shared/pakistan-time';
import { WEEKLY_DIGEST_WEEKDAY, type DigestKind } from '@shared/notifications/email';

/**
 * The first digest time strictly after `now`: `hour`:00 Pakistan time, every day for daily
 * digests and on WEEKLY_DIGEST_WEEKDAY for weekly ones. Worked out on the Pakistan calendar, so
 * the server's own time zone never matters.
 */
export function nextDigestAt(now: Date, kind: DigestKind, hour: number): Date {
  const today = pakistanInstant(pakistanDateKey(now));
  for (let offset = 0; offset <= 8; offset += 1) {
    const dateKey = pakistanDateKey(addPakistanDays(today, offset));
    if (kind === 'weekly' && weekdayOfDateKey(dateKey) !== WEEKLY_DIGEST_WEEKDAY) continue;
    const at = pakistanInstant(dateKey, hour);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error(`No ${kind} digest time found after ${now.toISOString()}`);
}
