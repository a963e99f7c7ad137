import { createHash } from 'node:crypto';
import type { Executor } from '@server/db/client';
import { webhookEvents } from '@server/db/schema';
import { withUnstorableReplaced } from '@server/lib/storable-text';

/** Enough of the body for an admin to see what was sent; the rest is the provider's to keep. */
const BODY_EXCERPT_CHARACTERS = 2000;

/** The event name the body claims, for the deliveries table; a body that is not JSON has none. */
function claimedType(rawBody: string): string {
  try {
    const body = JSON.parse(rawBody) as { type?: unknown; data?: { type?: unknown } } | null;
    const type =
      typeof body?.type === 'string' ? body.type : typeof body?.data?.type === 'string' ? body.data.type : null;
    return type ? withUnstorableReplaced(type.slice(0, 100)) : 'unknown';
  } catch {
    return 'unreadable';
  }
}

/**
 * Keeps a signed delivery that was refused (unreadable, out of bounds, an unknown plan) as a
 * `rejected` webhook event with the reason. Its id comes from the body's hash, never from the
 * event id it claims: a rejection must not stop a corrected event of that id from being applied,
 * and the provider's retries of the same body are recorded once.
 */
export async function recordRejectedWebhook(
  db: Executor,
  provider: string,
  rawBody: Buffer,
  reason: string,
): Promise<void> {
  const text = rawBody.toString('utf8');
  const hash = createHash('sha256').update(rawBody).digest('hex').slice(0, 16);
  await db
    .insert(webhookEvents)
    .values({
      provider,
      eventId: `rejected:${hash}`,
      eventType: claimedType(text),
      payload: {
        reason: withUnstorableReplaced(reason),
        bodyExcerpt: withUnstorableReplaced(text.slice(0, BODY_EXCERPT_CHARACTERS)),
      },
      status: 'rejected',
      error: withUnstorableReplaced(reason.slice(0, 500)),
    })
    .onConflictDoNothing();
}
