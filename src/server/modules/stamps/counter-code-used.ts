import { sql, type SQL } from 'drizzle-orm';
import type { LiveEvent } from '@shared/notifications/live';
import { vendorMembers } from '@server/db/schema';
import { LIVE_CHANNEL } from '@server/modules/notifications/notify-live';

type CounterCodeUsed = Extract<LiveEvent, { type: 'counter_code.used' }>;
type CounterStamped = Extract<LiveEvent, { type: 'counter.stamped' }>;

/**
 * Tells every member of the vendor, in the live message shape (`{ userId, event }`), (owner and staff, whose counter screens may show the code)
 * that a counter code was used, so the screen showing it fetches the next one at once. A
 * `select` to run inside the stamp's transaction: PostgreSQL delivers it only on commit, so a
 * refused scan never rotates the counter's code. One row, whatever the number of members.
 */
export function counterCodeUsedNotification(vendorId: string, used: Omit<CounterCodeUsed, 'type'>): SQL {
  return vendorMembersNotification(vendorId, { type: 'counter_code.used', ...used });
}

/** Tells the vendor's members, the same way, that a customer collected a stamp at the counter (the kiosk's confirmation). */
export function counterStampedNotification(vendorId: string, stamped: Omit<CounterStamped, 'type'>): SQL {
  return vendorMembersNotification(vendorId, { type: 'counter.stamped', ...stamped });
}

function vendorMembersNotification(vendorId: string, event: CounterCodeUsed | CounterStamped): SQL {
  const messageOf = sql`json_build_object('userId', ${vendorMembers.userId}, 'event', ${JSON.stringify(event)}::json)::text`;
  return sql`select count(pg_notify(${LIVE_CHANNEL}, ${messageOf})) from ${vendorMembers} where ${vendorMembers.vendorId} = ${vendorId}`;
}
