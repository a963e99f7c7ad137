import { sql, type SQL } from 'drizzle-orm';
import type { LiveEvent } from '@shared/notifications/live';
import { vendorMembers } from '@server/db/schema';
import { LIVE_CHANNEL } from '@server/modules/notifications/notify-live';

type CounterCodeUsed = Extract<LiveEvent, { type: 'counter_code.used' }>;

/**
 * Tells every member of the vendor, in the live message shape (`{ userId, event }`), (owner and staff, whose counter screens may show the code)
 * that a counter code was used, so the screen showing it fetches the next one at once. A
 * `select` to run inside the stamp's transaction: PostgreSQL delivers it only on commit, so a
 * refused scan never rotates the counter's code. One row, whatever the number of members.
 */
export function counterCodeUsedNotification(vendorId: string, used: Omit<CounterCodeUsed, 'type'>): SQL {
  const event: CounterCodeUsed = { type: 'counter_code.used', ...used };
  const messageOf = sql`json_build_object('userId', ${vendorMembers.userId}, 'event', ${JSON.stringify(event)}::json)::text`;
  return sql`select count(pg_notify(${LIVE_CHANNEL}, ${messageOf})) from ${vendorMembers} where ${vendorMembers.vendorId} = ${vendorId}`;
}
