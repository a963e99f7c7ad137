import { and, asc, eq, exists, gt, isNull, ne } from 'drizzle-orm';
import type { EmailType } from '@shared/notifications/email';
import type { Executor } from '@server/db/client';
import { emailPreferences, pushSubscriptions, users } from '@server/db/schema';
import { CHANNEL_FLAGS, EMAIL_CLASS_BY_TYPE } from './can-send-email';
import type { EmailService } from './email-service';
import type { RenderedEmail } from './templates/layout';

export interface EmailSubscriber {
  userId: string;
  email: string;
  name: string;
}

/** Types sent to many people at once: each has its own preference flag. */
export type AnnouncementType = Extract<EmailType, 'daily_chaska' | 'hourly_chaska' | 'marketing' | 'vendor_message'>;

/**
 * SPEC.md section 7: "select user_id where a given type flag is true and unsubscribed is false"
 * (and, since frequency "never" sends only security alerts, not those either). Keyset pages by
 * user id so 100,000 customers are read in steady slices.
 */
export async function listEmailSubscribers(
  db: Executor,
  type: AnnouncementType,
  page: { afterUserId?: string; limit?: number } = {},
): Promise<EmailSubscriber[]> {
  const emailClass = EMAIL_CLASS_BY_TYPE[type];
  if (emailClass.kind !== 'flag') return [];
  return db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(emailPreferences)
    .innerJoin(users, eq(users.id, emailPreferences.userId))
    .where(
      and(
        eq(emailPreferences[emailClass.flag], true),
        eq(emailPreferences.unsubscribed, false),
        ne(emailPreferences.frequency, 'never'),
        isNull(users.disabledAt),
        page.afterUserId ? gt(users.id, page.afterUserId) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(page.limit ?? 500);
}

/**
 * Sends one announcement (a Daily Chaska deal, a marketing note) to everyone who opted in. Each
 * e-mail still goes through the permission rule and each person's frequency, so daily and weekly
 * users get it in their digest. Each is stored in the outbox and delivered by its job, so this
 * never waits for SMTP; long-running for big audiences all the same: run it from a job.
 */
export async function announceToSubscribers(
  deps: { db: Executor; email: EmailService },
  type: AnnouncementType,
  render: (subscriber: EmailSubscriber, context: { unsubscribeUrl?: string }) => RenderedEmail,
): Promise<number> {
  let afterUserId: string | undefined;
  let sent = 0;
  for (;;) {
    const subscribers = await listEmailSubscribers(deps.db, type, { afterUserId });
    for (const subscriber of subscribers) {
      const outcome = await deps.email.enqueue({
        type,
        to: subscriber.email,
        userId: subscriber.userId,
        render: (context) => render(subscriber, context),
      });
      if (outcome === 'queued') sent += 1;
    }
    if (subscribers.length === 0) return sent;
    afterUserId = subscribers[subscribers.length - 1]!.userId;
  }
}

/**
 * The same announcement's push audience (decision 043): people whose push toggle for the type is
 * on and who have at least one subscribed browser. E-mail unsubscribe and frequency are about
 * e-mails and do not apply. Keyset pages by user id, as for e-mails.
 */
export async function listPushSubscribers(
  db: Executor,
  type: AnnouncementType,
  page: { afterUserId?: string; limit?: number } = {},
): Promise<string[]> {
  const emailClass = EMAIL_CLASS_BY_TYPE[type];
  if (emailClass.kind !== 'flag') return [];
  const rows = await db
    .select({ userId: users.id })
    .from(emailPreferences)
    .innerJoin(users, eq(users.id, emailPreferences.userId))
    .where(
      and(
        eq(emailPreferences[CHANNEL_FLAGS.push[emailClass.flag]], true),
        isNull(users.disabledAt),
        exists(
          db
            .select({ one: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, users.id)),
        ),
        page.afterUserId ? gt(users.id, page.afterUserId) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(page.limit ?? 500);
  return rows.map((row) => row.userId);
}
