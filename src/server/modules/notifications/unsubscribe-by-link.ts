import { eq } from 'drizzle-orm';
import { INVALID_UNSUBSCRIBE_LINK_MESSAGE, type UnsubscribeLinkInput } from '@shared/notifications/email';
import type { Executor } from '@server/db/client';
import { users } from '@server/db/schema';
import { badRequest, notFound } from '@server/errors';
import { setUnsubscribed } from './email-preferences';
import { verifyUnsubscribeToken } from './unsubscribe-link';

/**
 * The signed one-click link from an e-mail, used signed out: the signature names the user and
 * cannot be forged, so it is all the authorisation needed. A bad signature changes nothing.
 */
export async function unsubscribeByLink(
  db: Executor,
  secret: string,
  link: UnsubscribeLinkInput,
  now: Date,
): Promise<void> {
  if (!verifyUnsubscribeToken(secret, link.u, link.t)) throw badRequest(INVALID_UNSUBSCRIBE_LINK_MESSAGE);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, link.u)).limit(1);
  if (!user) throw notFound('This account no longer exists, so there is nothing to unsubscribe from.');
  await setUnsubscribed(db, user.id, true, now);
}
