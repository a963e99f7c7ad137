import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailType } from '@shared/notifications/email';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import {
  claimJobs,
  enqueueJobs,
  finishJobsWith,
  handlerOf,
  handlersByName,
  retryDelayMs,
  runClaimedJob,
  type JobHandler,
} from '@server/lib/job-queue';
import { emailMessages, emailPreferences } from '@server/db/schema';
import { inTextLanguage } from '@server/lib/texts';
import { recipientLanguages } from './recipient-language';
import { isUnreachableEmail } from '@shared/accounts/phone';
import { canSendEmail, deliveryScheduleFor, isSecurityEmail } from './can-send-email';
import { nextDigestAt } from './digest-schedule';
import { buildDueDigests } from './digest-job';
import { EMAIL_SEND_JOB, emailSendJob } from './email-job';
import { recordEmailLog, type EmailLogEntry } from './email-log';
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

/**
 * What the outbox did with an e-mail. queued: stored, for its job (due now) or for the user's
 * digest; skipped: not allowed; failed: could not be stored. Delivery is the job's, later.
 */
export type SendOutcome = 'queued' | 'skipped' | 'failed';

/** What the outbox did with one e-mail, and the stored message when there is one. */
export interface Enqueued {
  outcome: SendOutcome;
  messageId: string | null;
}

/**
 * E-mail leaves in one way only: the outbox (`enqueue`, `enqueueAll`) stores it with its job, and
 * the job runner delivers it (`jobHandler`), retrying with back-off; no caller talks to the mail
 * server, so no answer waits for SMTP and a failed delivery never fails the user's action.
 */
export interface EmailService {
  transport: EmailTransport;
  /**
   * The outbox: checks and stores the e-mail as queued, with its job (decision 037), without
   * talking to the mail server: the job runner sends it on its next pass. Given `tx`, the e-mail
   * and its job are written in that transaction and stand or fall with it. Never throws (unless
   * `tx` fails: then the caller's transaction is over anyway); a failure is logged.
   */
  enqueue(
    input: SendEmailInput,
    options?: { tx?: Executor; onStored?: (messageId: string) => void },
  ): Promise<SendOutcome>;
  /**
   * The outbox for many e-mails at once, in the caller's transaction (a campaign's batch): the
   * same checks and rows as `enqueue` for each, in a handful of statements for all of them.
   * Each input's outcome and stored message, in the inputs' order.
   */
  enqueueAll(inputs: SendEmailInput[], options: { tx: Executor }): Promise<Enqueued[]>;
  /**
   * Resolves once every e-mail being stored without a transaction has been: many are enqueued
   * after the answer, unawaited, and shutdown waits for them before the database closes.
   */
  idle(): Promise<void>;
  /** Builds and sends the daily and weekly digests due at `now`; returns how many were built. */
  sendDueDigests(now?: Date): Promise<number>;
  /** The job that delivers one stored e-mail (EMAIL_SEND_JOB), for the job runner. */
  jobHandler: JobHandler;
}

export interface EmailServiceOptions {
  /** Tests fix the clock so digest times and back-off are deterministic. */
  now?: () => Date;
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
  /** Hands one stored e-mail to the transport, from the platform's address. */
  const deliver = (message: typeof emailMessages.$inferSelect) =>
    activeTransport.deliver({
      from: config.email.from,
      to: message.toEmail,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers,
    });

  /**
   * One attempt at one stored e-mail. Idempotent: a message already sent (or given up, folded
   * into a digest, skipped) is left alone, so a job run twice sends nothing twice. A failure is
   * recorded on the message and thrown, and the job runner tries again after retryDelayMs.
   */
  const jobHandler = handlerOf(EMAIL_SEND_JOB, {
    backoffMs: retryDelayMs,
    async run({ messageId }, job, now) {
      const [message] = await db
        .update(emailMessages)
        .set({ status: 'sending', attempts: job.attempts })
        .where(and(eq(emailMessages.id, messageId), inArray(emailMessages.status, ['queued', 'sending'])))
        .returning();
      if (!message) return;
      try {
        await deliver(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(emailMessages)
          .set({
            status: job.attempts >= job.maxAttempts ? 'failed' : 'queued',
            lastError: reason,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
          })
          .where(eq(emailMessages.id, message.id));
        await recordEmailLog(db, message, 'failed', reason);
        throw error;
      }
      await db
        .update(emailMessages)
        .set({ status: 'sent', sentAt: clock(), transport: activeTransport.name, lastError: null })
        .where(eq(emailMessages.id, message.id));
      await recordEmailLog(db, message, 'sent');
    },
    /**
     * Many e-mails claimed together (the stamps of a busy counter), on their first attempt: marked
     * sending, delivered one by one, and those delivered marked sent, logged and their jobs done
     * in a handful of statements for all. If any delivery failed, that one throws, and the runner
     * runs each job alone: the ones already sent are left alone, the failed one is tried and
     * recorded as a single send records it.
     */
    async runMany(claimed, now) {
      const jobsByMessage = new Map(claimed.map(({ job, payload }) => [payload.messageId, job]));
      const messages = await db
        .update(emailMessages)
        .set({ status: 'sending', attempts: 1 })
        .where(
          and(
            inArray(emailMessages.id, [...jobsByMessage.keys()]),
            inArray(emailMessages.status, ['queued', 'sending']),
          ),
        )
        .returning();
      const delivered: typeof messages = [];
      let failure: unknown = null;
      for (const message of messages) {
        try {
          await deliver(message);
          delivered.push(message);
        } catch (error) {
          failure ??= error;
        }
      }
      const failed = new Set(messages.filter((message) => !delivered.includes(message)).map((message) => message.id));
      await finishJobsWith(
        db,
        claimed.filter(({ payload }) => !failed.has(payload.messageId)).map(({ job }) => job),
        now,
        async (tx) => {
          if (delivered.length === 0) return;
          await tx
            .update(emailMessages)
            .set({ status: 'sent', sentAt: clock(), transport: activeTransport.name, lastError: null })
            .where(
              inArray(
                emailMessages.id,
                delivered.map((message) => message.id),
              ),
            );
          await recordEmailLog(tx, delivered, 'sent');
        },
      );
      if (failure) throw failure;
    },
  });
  const handlers = handlersByName([jobHandler]);

  /** Runs a digest's e-mail job at once, here: sent, queued for a retry, or failed. */
  async function attemptNow(jobId: string, now: Date): Promise<'sent' | 'queued' | 'failed'> {
    const [job] = await claimJobs(db, now, { limit: 1, id: jobId });
    // Another pass of the runner has it already: it is on its way.
    if (!job) return 'queued';
    const status = await runClaimedJob(db, handlers, job, now, logger);
    return status === 'done' ? 'sent' : status === 'failed' ? 'failed' : 'queued';
  }

  type Admitted =
    | { schedule: 'skipped' }
    | {
        schedule: 'immediate' | 'daily' | 'weekly';
        message: Omit<typeof emailMessages.$inferInsert, 'status' | 'attempts' | 'nextAttemptAt'>;
      };

  /**
   * The permission rule and each person's frequency decide; each message is rendered once, here,
   * in its recipient's language. Many at once read the preferences and languages in one statement
   * each and log the skipped ones in one more (a campaign's batch), the same rule as for one.
   */
  async function admit(executor: Executor, inputs: SendEmailInput[]): Promise<Admitted[]> {
    const userIds = [...new Set(inputs.flatMap((input) => (input.userId ? [input.userId] : [])))];
    const preferencesByUser = new Map(
      userIds.length === 0
        ? []
        : (await executor.select().from(emailPreferences).where(inArray(emailPreferences.userId, userIds))).map(
            (row) => [row.userId, row] as const,
          ),
    );
    // In the recipient's language (the account's choice; English for an address with no account).
    const languages = await recipientLanguages(
      executor,
      inputs.map((input) => ({ userId: input.userId ?? null, to: input.to })),
    );
    const skipped: EmailLogEntry[] = [];
    const admitted = inputs.map((input, index): Admitted => {
      const preferences = input.userId ? (preferencesByUser.get(input.userId) ?? null) : null;
      const link =
        !isSecurityEmail(input.type) && input.userId
          ? unsubscribeUrl(config.publicUrl, config.sessionSecret, input.userId)
          : undefined;
      const rendered = inTextLanguage(languages[index]!, () => input.render({ unsubscribeUrl: link }));
      // Without an account there are no preferences: only requested and security e-mails pass.
      // A phone account's or a closed account's placeholder address can receive nothing: never written to.
      if (isUnreachableEmail(input.to) || !canSendEmail(preferences, input.type)) {
        skipped.push({ toEmail: input.to.toLowerCase(), subject: rendered.subject, emailType: input.type });
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
    });
    await recordEmailLog(executor, skipped, 'skipped');
    return admitted;
  }

  type Storable = Extract<Admitted, { message: unknown }>;

  /**
   * Stores the messages as queued, in one transaction with their jobs (due now), or whole and
   * sendable on their own for the digest job at the next digest time (no job: the digest has one).
   * Many at once are three statements: the messages, their log lines, their jobs.
   */
  async function store(executor: Executor, admitted: Storable[], now: Date): Promise<string[]> {
    const write = async (tx: Executor) => {
      const rows = admitted.map(({ message, schedule }) => {
        const digest = schedule === 'immediate' ? null : schedule;
        return {
          ...message,
          id: randomUUID(),
          status: 'queued',
          digest,
          attempts: 0,
          nextAttemptAt: digest ? nextDigestAt(now, digest, config.digestHour) : now,
        };
      });
      if (rows.length === 0) return [];
      await tx.insert(emailMessages).values(rows);
      await recordEmailLog(tx, rows, 'queued');
      await enqueueJobs(
        tx,
        rows.filter((row) => !row.digest).map((row) => emailSendJob(row.id, now)),
      );
      return rows.map((row) => row.id);
    };
    return executor === db ? db.transaction(write) : write(executor);
  }

  /** Checks and stores many e-mails (see EmailService.enqueueAll); throws only inside a caller's transaction. */
  async function enqueueAll(inputs: SendEmailInput[], tx?: Executor): Promise<Enqueued[]> {
    const executor = tx ?? db;
    try {
      const now = clock();
      const admitted = await admit(executor, inputs);
      const storable = admitted.filter((entry): entry is Storable => entry.schedule !== 'skipped');
      const stored = await store(executor, storable, now);
      let next = 0;
      return admitted.map((entry) =>
        entry.schedule === 'skipped'
          ? { outcome: 'skipped' as const, messageId: null }
          : { outcome: 'queued' as const, messageId: stored[next++]! },
      );
    } catch (error) {
      // Inside the caller's transaction the failure is the caller's: its transaction is aborted.
      if (tx) throw error;
      logger.error(
        { err: error, emailTypes: [...new Set(inputs.map((input) => input.type))] },
        'Email could not be queued',
      );
      return inputs.map(() => ({ outcome: 'failed' as const, messageId: null }));
    }
  }

  async function enqueueOne(
    input: SendEmailInput,
    tx?: Executor,
    onStored?: (messageId: string) => void,
  ): Promise<SendOutcome> {
    const [enqueued] = await enqueueAll([input], tx);
    if (enqueued?.messageId) onStored?.(enqueued.messageId);
    return enqueued?.outcome ?? 'failed';
  }

  /** Queueings started and not finished: many are not awaited by the request that started them. */
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
    jobHandler,
    enqueueAll: (inputs, options) => enqueueAll(inputs, options.tx),
    enqueue: (input, options = {}) =>
      options.tx
        ? enqueueOne(input, options.tx, options.onStored)
        : tracked(enqueueOne(input, undefined, options.onStored)),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async sendDueDigests(now = clock()) {
      const digestJobs = await buildDueDigests(db, config, now);
      for (const jobId of digestJobs) await attemptNow(jobId, now);
      return digestJobs.length;
    },
  };
}
