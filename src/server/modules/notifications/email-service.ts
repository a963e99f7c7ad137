import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailType } from '@shared/email';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { emailMessages, emailPreferences } from '@server/db/schema';
import { inTextLanguage } from '@server/lib/texts';
import { recipientLanguage } from './recipient-language';
import { canSendEmail, deliveryScheduleFor, isSecurityEmail } from './can-send-email';
import { nextDigestAt } from './digest-schedule';
import { buildDueDigests, type EmailMessageRow } from './digest-job';
import { recordEmailLog } from './email-log';
import { createOutboxTransport, createSmtpTransport, type EmailTransport } from './email-transport';
import type { RenderedEmail } from './templates/layout';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe-link';

export interface SendEmailInput {
  type: EmailType;
  to: string;
  /** The account the e-mail is for; its preferences gate the send. */
  userId?: string | null;
  render(context: { unsubscribeUrl?: string }): RenderedEmail;
}

/** sent: delivered now; queued: waits for a retry or for the user's digest; skipped: not allowed. */
export type SendOutcome = 'sent' | 'queued' | 'skipped' | 'failed';

export interface EmailService {
  transport: EmailTransport;
  /** Never throws: a failed e-mail is logged and retried, and never fails the user's action. */
  send(input: SendEmailInput): Promise<SendOutcome>;
  /**
   * The outbox: checks and stores the e-mail as queued without talking to the mail server, which
   * the e-mail worker does on its next pass (every few seconds). What a request sends on its way
   * out uses this, so no answer waits for SMTP. Never throws, like send.
   */
  enqueue(input: SendEmailInput): Promise<Exclude<SendOutcome, 'sent'>>;
  /**
   * Resolves once every send started so far has finished: many run after the answer (stamp
   * e-mails), and shutdown waits for them before the database closes.
   */
  idle(): Promise<void>;
  /**
   * Delivers queued messages that are due (retries, and sends a dead server left half done);
   * safe to run on several servers at once. Digest members are left to sendDueDigests.
   */
  deliverDue(options?: { limit?: number; now?: Date }): Promise<number>;
  /** Builds and sends the daily and weekly digests due at `now`; returns how many were built. */
  sendDueDigests(now?: Date): Promise<number>;
}

export interface EmailServiceOptions {
  /** Tests fix the clock so digest times and back-off are deterministic. */
  now?: () => Date;
}

const MAX_ATTEMPTS = 6;
/** A claimed message is leased for this long; a server that dies mid-send lets it go again. */
const SENDING_LEASE_MS = 5 * 60 * 1000;

/** 1, 4, 16, 64 minutes... between attempts, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

export function createEmailService(
  config: Config,
  db: Database,
  logger: FastifyBaseLogger,
  transport?: EmailTransport,
  options: EmailServiceOptions = {},
): EmailService {
  const activeTransport =
    transport ?? (config.email.smtpUrl ? createSmtpTransport(config.email.smtpUrl) : createOutboxTransport(logger));
  const clock = options.now ?? (() => new Date());
  const leaseFrom = (now: Date) => new Date(now.getTime() + SENDING_LEASE_MS);

  async function attempt(message: EmailMessageRow, now: Date): Promise<'sent' | 'queued' | 'failed'> {
    try {
      await activeTransport.deliver({
        from: config.email.from,
        to: message.toEmail,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
      });
      await db
        .update(emailMessages)
        .set({ status: 'sent', sentAt: clock(), transport: activeTransport.name, lastError: null })
        .where(eq(emailMessages.id, message.id));
      await recordEmailLog(db, message, 'sent');
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailMessages)
        .set({
          status: giveUp ? 'failed' : 'queued',
          lastError: reason,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
        })
        .where(eq(emailMessages.id, message.id));
      await recordEmailLog(db, message, 'failed', reason);
      logger.warn({ err: error, emailType: message.emailType, attempts: message.attempts }, 'Email delivery failed');
      return giveUp ? 'failed' : 'queued';
    }
  }

  type Admitted =
    | { schedule: 'skipped' }
    | {
        schedule: 'immediate' | 'daily' | 'weekly';
        message: Omit<typeof emailMessages.$inferInsert, 'status' | 'attempts' | 'nextAttemptAt'>;
      };

  /** The permission rule and the person's frequency decide; the message is rendered once, here. */
  async function admit(input: SendEmailInput): Promise<Admitted> {
    const preferences = input.userId
      ? ((await db.select().from(emailPreferences).where(eq(emailPreferences.userId, input.userId)).limit(1))[0] ??
        null)
      : null;
    const link =
      !isSecurityEmail(input.type) && input.userId
        ? unsubscribeUrl(config.publicUrl, config.sessionSecret, input.userId)
        : undefined;
    // In the recipient's language (the account's choice; English for an address with no account).
    const language = await recipientLanguage(db, input.userId ?? null, input.to);
    const rendered = inTextLanguage(language, () => input.render({ unsubscribeUrl: link }));
    // Without an account there are no preferences: only requested and security e-mails pass.
    if (!canSendEmail(preferences, input.type)) {
      await recordEmailLog(
        db,
        { toEmail: input.to.toLowerCase(), subject: rendered.subject, emailType: input.type },
        'skipped',
      );
      return { schedule: 'skipped' };
    }
    return {
      schedule: deliveryScheduleFor(preferences, input.type),
      message: {
        userId: input.userId ?? null,
        toEmail: input.to.toLowerCase(),
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: unsubscribeHeaders(link),
        emailType: input.type,
      },
    };
  }

  /**
   * Stores the message as queued: for the worker's next pass (digest null, due now), or whole and
   * sendable on its own for the digest job at the next digest time.
   */
  async function queue(
    message: Extract<Admitted, { message: unknown }>['message'],
    digest: 'daily' | 'weekly' | null,
    now: Date,
  ): Promise<'queued'> {
    const [queued] = await db
      .insert(emailMessages)
      .values({
        ...message,
        status: 'queued',
        digest,
        attempts: 0,
        nextAttemptAt: digest ? nextDigestAt(now, digest, config.digestHour) : now,
      })
      .returning();
    await recordEmailLog(db, queued!, 'queued');
    return 'queued';
  }

  async function sendOne(input: SendEmailInput): Promise<SendOutcome> {
    try {
      const now = clock();
      const admitted = await admit(input);
      if (admitted.schedule === 'skipped') return 'skipped';
      if (admitted.schedule !== 'immediate') return await queue(admitted.message, admitted.schedule, now);
      const [claimed] = await db
        .insert(emailMessages)
        .values({ ...admitted.message, status: 'sending', attempts: 1, nextAttemptAt: leaseFrom(now) })
        .returning();
      return await attempt(claimed!, now);
    } catch (error) {
      logger.error({ err: error, emailType: input.type }, 'Email delivery failed');
      return 'failed';
    }
  }

  async function enqueueOne(input: SendEmailInput): Promise<Exclude<SendOutcome, 'sent'>> {
    try {
      const now = clock();
      const admitted = await admit(input);
      if (admitted.schedule === 'skipped') return 'skipped';
      return await queue(admitted.message, admitted.schedule === 'immediate' ? null : admitted.schedule, now);
    } catch (error) {
      logger.error({ err: error, emailType: input.type }, 'Email could not be queued');
      return 'failed';
    }
  }

  /** Sends and queueings started and not finished: many are not awaited by the request that started them. */
  const inFlight = new Set<Promise<SendOutcome>>();
  function tracked<T extends SendOutcome>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    // The caller gets `work` itself and handles its outcome; this branch only forgets it.
    const forget = () => inFlight.delete(work);
    void work.then(forget, forget);
    return work;
  }

  return {
    transport: activeTransport,
    send: (input) => tracked(sendOne(input)),
    enqueue: (input) => tracked(enqueueOne(input)),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async deliverDue({ limit = 20, now = clock() } = {}) {
      const claimed = await db
        .update(emailMessages)
        .set({ status: 'sending', attempts: sql`${emailMessages.attempts} + 1`, nextAttemptAt: leaseFrom(now) })
        .where(
          sql`${emailMessages.id} in (${db
            .select({ id: emailMessages.id })
            .from(emailMessages)
            .where(
              and(
                inArray(emailMessages.status, ['queued', 'sending']),
                isNull(emailMessages.digest),
                lte(emailMessages.nextAttemptAt, now),
              ),
            )
            .orderBy(emailMessages.nextAttemptAt)
            .limit(limit)
            .for('update', { skipLocked: true })})`,
        )
        .returning();
      for (const message of claimed) await attempt(message, now);
      return claimed.length;
    },
    async sendDueDigests(now = clock()) {
      const digests = await buildDueDigests(db, config, now, leaseFrom(now));
      for (const digest of digests) await attempt(digest, now);
      return digests.length;
    },
  };
}
