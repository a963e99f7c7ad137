import { sql, type SQL } from 'drizzle-orm';
import type { LiveEvent } from '@shared/notifications/live';
import type { Executor } from '@server/db/client';

/** One channel for every app server on the database; each forwards to its own streams. */
export const LIVE_CHANNEL = 'chaska_live';

export interface LiveMessage {
  userId: string;
  event: LiveEvent;
}

/**
 * Queues a live event for a customer. Called inside the transaction of the change: PostgreSQL
 * delivers NOTIFY only when that transaction commits, and drops it when it rolls back, so a
 * stream never announces a stamp that did not happen.
 */
export async function notifyLive(db: Executor, userId: string, event: LiveEvent): Promise<void> {
  await db.execute(liveNotification(userId, event));
}

/** The `select pg_notify(...)` of notifyLive, for callers that send it as part of a larger statement. */
export function liveNotification(userId: string, event: LiveEvent): SQL {
  const message: LiveMessage = { userId, event };
  return sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`;
}
