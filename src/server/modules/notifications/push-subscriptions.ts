import { and, asc, eq, notInArray } from 'drizzle-orm';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, type PushSubscriptionInput } from '@shared/notifications/push';
import type { Executor } from '@server/db/client';
import { pushSubscriptions } from '@server/db/schema';
import type { StoredSubscription } from './send-push';

/**
 * Keeps the browser's subscription for this user. An endpoint is one browser: subscribing again
 * (new keys, or another person signed in on it) moves the row to the new keys and owner, so a
 * shared phone never receives the previous person's messages. Beyond the per-user cap the oldest
 * subscriptions go.
 */
export async function saveSubscription(
  db: Executor,
  userId: string,
  input: PushSubscriptionInput,
  now: Date,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, failures: 0, createdAt: now },
    });
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  if (rows.length <= MAX_PUSH_SUBSCRIPTIONS_PER_USER) return;
  const keep = rows.slice(rows.length - MAX_PUSH_SUBSCRIPTIONS_PER_USER).map((row) => row.id);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
}

/** Forgets this browser for this user (turning notifications off, or signing out). */
export async function removeSubscription(db: Executor, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Where a message to this user goes: every browser and app they subscribed. */
export async function subscriptionsOf(
  db: Executor,
  userId: string,
): Promise<Array<StoredSubscription & { id: string }>> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}
