import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { EMAIL_TYPES, type DigestKind, type EmailType } from '@shared/notifications/email';
import type { Config } from '@server/config';
import type { Database, Transaction } from '@server/db/client';
import { emailMessages, emailPreferences, users } from '@server/db/schema';
import { canSendEmail } from './can-send-email';
import { recordEmailLog } from './email-log';
import { digestEmail } from './templates/digest-email';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe-link';
import { DEFAULT_LANGUAGE, isLanguage } from '@shared/i18n/languages';
import { inTextLanguage, serverText } from '@server/lib/texts';
import { enqueueJob } from '@server/lib/job-queue';
import { emailSendJob } from './email-job';

/** Users whose digests one run handles; the rest wait for the next run a few seconds later. */
const USERS_PER_RUN = 50;

const SKIPPED_REASON = "Not sent: the recipient's e-mail preferences changed before the digest went out.";

function isEmailType(value: string): value is EmailType {
  return (EMAIL_TYPES as readonly string[]).includes(value);
}

const dueMembers = (now: Date) =>
  and(eq(emailMessages.status, 'queued'), isNotNull(emailMessages.digest), lte(emailMessages.nextAttemptAt, now));

/**
 * Folds one user's due digest members into one digest e-mail, in one transaction. The members
 * are claimed with FOR UPDATE SKIP LOCKED: a second server running the same job at the same
 * moment finds them locked (or, once committed, no longer queued) and builds nothing, so each
 * member lands in exactly one digest. Permission is checked again here, because the user may
 * have unsubscribed or switched a type off since the e-mail was queued.
 */
async function buildDigestFor(tx: Transaction, config: Config, userId: string, now: Date): Promise<string | null> {
  const members = await tx
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.userId, userId), dueMembers(now)))
    .orderBy(asc(emailMessages.createdAt), asc(emailMessages.id))
    .for('update', { skipLocked: true });
  if (members.length === 0) return null;

  const [preferences] = await tx.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  const [user] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const digestAllowed = canSendEmail(preferences ?? null, 'digest');
  const included = members.filter(
    (member) => digestAllowed && isEmailType(member.emailType) && canSendEmail(preferences ?? null, member.emailType),
  );
  const dropped = members.filter((member) => !included.includes(member));

  if (dropped.length > 0) {
    await tx
      .update(emailMessages)
      .set({ status: 'skipped', lastError: SKIPPED_REASON })
      .where(
        inArray(
          emailMessages.id,
          dropped.map((member) => member.id),
        ),
      );
    await recordEmailLog(tx, dropped, 'skipped', SKIPPED_REASON);
  }
  if (included.length === 0) return null;

  const latest = included[included.length - 1]!;
  const kind: DigestKind = latest.digest === 'weekly' ? 'weekly' : 'daily';
  const link = unsubscribeUrl(config.publicUrl, config.sessionSecret, userId);
  const rendered = inTextLanguage(isLanguage(user?.language) ? user.language : DEFAULT_LANGUAGE, () =>
    digestEmail({
      name: user?.name || serverText('emails:greeting.fallbackName'),
      kind,
      items: included.map((member) => ({ subject: member.subject, text: member.text })),
      preferencesUrl: `${config.publicUrl}/email-preferences`,
      unsubscribeUrl: link,
    }),
  );
  const [digest] = await tx
    .insert(emailMessages)
    .values({
      userId,
      toEmail: user?.email ?? latest.toEmail,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      headers: unsubscribeHeaders(link),
      emailType: 'digest',
      // Its job is attempted at once by the server that built it; if that server dies first,
      // the job runner picks it up like any other e-mail's.
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now,
    })
    .returning();
  await tx
    .update(emailMessages)
    .set({ status: 'digested' })
    .where(
      inArray(
        emailMessages.id,
        included.map((member) => member.id),
      ),
    );
  return enqueueJob(tx, emailSendJob(digest!.id, now));
}

/**
 * Builds the digests that are due at `now` (one per user, whatever the number of members), each
 * stored with its e-mail job, and returns the jobs' ids for their first attempt.
 */
export async function buildDueDigests(db: Database, config: Config, now: Date): Promise<string[]> {
  const due = await db
    .selectDistinct({ userId: emailMessages.userId })
    .from(emailMessages)
    .where(and(dueMembers(now), isNotNull(emailMessages.userId)))
    .limit(USERS_PER_RUN);
  const digests: string[] = [];
  for (const { userId } of due) {
    const digest = await db.transaction((tx) => buildDigestFor(tx, config, userId!, now));
    if (digest) digests.push(digest);
  }
  return digests;
}
