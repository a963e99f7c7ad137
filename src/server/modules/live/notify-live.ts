import { sql } from 'drizzle-orm';
import type { LiveEvent } from '../../../shared/live';
import type { Executor } from '../../db/client';

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
  const message: LiveMessage = { userId, event };
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}
