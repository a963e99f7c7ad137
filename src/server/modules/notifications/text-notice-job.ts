import { and, asc, count, eq, gt, gte, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  PHONE_NOTICES_PER_VENDOR_PER_DAY,
  VENDOR_PAID_PHONE_KINDS,
  isPhoneMarketing,
  nextPhoneMarketingTime,
} from '@shared/notifications/outbox';
import { startOfPakistanDay, startOfPakistanMonth } from '@shared/pakistan-time';
import type { Database, Executor } from '@server/db/client';
import { authUser, emailPreferences, textMessages, users } from '@server/db/schema';
import {
  enqueueJobs,
  finishJobWith,
  handlerOf,
  type JobOutcome,
  jobInsertWhere,
  jobKind,
  newJob,
  type JobHandler,
  type NewJob,
} from '@server/lib/job-queue';
import { isUnlimited } from '@shared/billing/plans';
import { CHANNEL_FLAGS, EMAIL_CLASS_BY_TYPE, canSendOn } from './can-send-email';
import { CATEGORY_OF_NOTICE, phoneNoticeSchema } from './push-messages';
import { phoneMessageLanguage } from './recipient-language';
import { TextMessageFailed, TextProviderBusy, TextProviderUnavailable, type PhoneNoticeFacts } from './text-messages';
import type { TextMessageSender } from './text-outbox';

/** WhatsApp first (read by most), then SMS: the order a notice tries the channels the customer allows. */
const PHONE_CHANNELS = ['whatsapp', 'sms'] as const;

/**
 * The job of one notice to one customer by WhatsApp or SMS (decision 081), beside its push and its
 * e-mail: the vendor it is about (the daily cap counts per vendor) and the event's key (sent once).
 */
export const TEXT_NOTICE_JOB = jobKind(
  'text.notice',
  z.object({ userId: z.string(), vendorId: z.string(), key: z.string(), notice: phoneNoticeSchema }),
);

export interface TextNoticeToEnqueue {
  userId: string;
  vendorId: string;
  notice: PhoneNoticeFacts;
  /** The event (`stamp:<id>`, `reward:<id>`, `vendor-message:<vendor>:<key>`): one job and one message per event. */
  key: string;
}

/** On a row of auth_user joined to its email_preferences: a verified number and a WhatsApp or SMS toggle on for the notice's category. */
function asksByPhone(notice: PhoneNoticeFacts): SQL {
  const emailClass = EMAIL_CLASS_BY_TYPE[CATEGORY_OF_NOTICE[notice.type]];
  if (emailClass.kind !== 'flag') return sql`false`;
  const toggles = PHONE_CHANNELS.map((channel) => sql`${emailPreferences[CHANNEL_FLAGS[channel][emailClass.flag]]}`);
  return sql`${authUser.phoneNumberVerified} and (${or(...toggles)})`;
}

/** The same for one customer, as a condition of its own. */
function wantsNoticeByPhone(userId: string, notice: PhoneNoticeFacts): SQL {
  return sql`exists (select 1 from ${authUser} join ${emailPreferences} on ${emailPreferences.userId} = ${authUser.id}
    where ${authUser.id} = ${userId} and ${asksByPhone(notice)})`;
}

/**
 * Tries of a notice whose provider is down (5xx, no answer): with textNoticeBackoffMs, the last
 * comes about six hours after the first, so that an outage of a morning delays a campaign rather
 * than losing it. A provider's 429 spends none (the job is postponed), nor do quiet hours.
 */
export const TEXT_NOTICE_ATTEMPTS = 12;

/** 1, 2, 4, ... minutes after the `attempts`-th try, at most an hour. */
export function textNoticeBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Notices sent side by side: a notice spends most of its time waiting for the provider (and for its
 * pace), so one at a time would hold WhatsApp and SMS well under their rates.
 */
export const TEXT_NOTICE_CONCURRENCY = 8;

/** When a notice may go by phone at or after `at`: marketing in the marketing hours, the rest at once. */
function phoneTimeFor(notice: PhoneNoticeFacts, at: Date): Date {
  return isPhoneMarketing(notice.type) ? nextPhoneMarketingTime(at) : at;
}

/** Marketing waits for the hours it may go by phone; a stamp's or a reward's notice goes at once. */
function textNoticeJob({ userId, vendorId, notice, key }: TextNoticeToEnqueue, now: Date): NewJob {
  return newJob(
    TEXT_NOTICE_JOB,
    { userId, vendorId, key, notice },
    { runAt: phoneTimeFor(notice, now), uniqueKey: `text:${key}`, maxAttempts: TEXT_NOTICE_ATTEMPTS },
  );
}

/**
 * The job as a statement for a larger one (the stamp's single write), written only when the
 * customer asked for this notice by phone: most never do, and every stamp would otherwise leave a
 * job that finds nobody.
 */
export function textNoticeJobInsert(input: TextNoticeToEnqueue, now: Date): SQL {
  return jobInsertWhere(textNoticeJob(input, now), wantsNoticeByPhone(input.userId, input.notice));
}

/**
 * The same for many notices of one kind at once (a campaign's batch), in the caller's transaction:
 * two statements whatever their number, jobs only for those who asked for the kind by phone.
 */
export async function enqueueTextNotices(tx: Executor, inputs: TextNoticeToEnqueue[], now: Date) {
  const [first] = inputs;
  if (!first) return [];
  const userIds = [...new Set(inputs.map((input) => input.userId))];
  const wanting = await tx
    .select({ userId: authUser.id })
    .from(authUser)
    .innerJoin(emailPreferences, eq(emailPreferences.userId, authUser.id))
    .where(and(inArray(authUser.id, userIds), asksByPhone(first.notice)));
  const wants = new Set(wanting.map((row) => row.userId));
  return enqueueJobs(
    tx,
    inputs.filter((input) => wants.has(input.userId)).map((input) => textNoticeJob(input, now)),
  );
}

/**
 * A deal announced to everyone who asked for its category by phone (the Daily Chaska, an hourly
 * deal), one page of the audience per run, as push announcements fan out (push-announcement-job.ts).
 */
export const TEXT_ANNOUNCE_JOB = jobKind(
  'text.announce',
  z.object({
    vendorId: z.string(),
    key: z.string(),
    notice: phoneNoticeSchema,
    /** The page of the audience after this person (a chain of jobs, one page each). */
    afterUserId: z.string().optional(),
  }),
);

/** People per run of the fan-out; a bigger audience continues in the next job of the chain. */
const FAN_OUT_PAGE = 500;

export interface TextAnnouncement {
  /** The vendor of the deal: the daily cap and the costs count per vendor. */
  vendorId: string;
  notice: PhoneNoticeFacts;
  /** The news (`daily-chaska:<card>`): each person's message is keyed by it and by them. */
  key: string;
}

/** The announcement's first job, written in the transaction that made the news. */
export function textAnnouncementJob(announcement: TextAnnouncement, now: Date, afterUserId?: string): NewJob {
  return newJob(
    TEXT_ANNOUNCE_JOB,
    { ...announcement, ...(afterUserId ? { afterUserId } : {}) },
    { runAt: now, uniqueKey: `text-announce:${announcement.key}:${afterUserId ?? ''}`, maxAttempts: 3 },
  );
}

/**
 * One page of those who asked for the deal's category by phone per run: each person's notice job
 * (keyed by the news and the person), and the job of the next page, written with the job's
 * completion so a run twice adds nothing twice. The notice jobs wait for the marketing hours.
 */
export function textAnnouncementHandler(deps: { db: Database }): JobHandler {
  const { db } = deps;
  return handlerOf(TEXT_ANNOUNCE_JOB, {
    async run({ afterUserId, ...announcement }, job, now) {
      const audience = await db
        .select({ userId: authUser.id })
        .from(authUser)
        .innerJoin(emailPreferences, eq(emailPreferences.userId, authUser.id))
        .innerJoin(users, eq(users.id, authUser.id))
        .where(
          and(
            asksByPhone(announcement.notice),
            isNull(users.disabledAt),
            afterUserId ? gt(authUser.id, afterUserId) : undefined,
          ),
        )
        .orderBy(asc(authUser.id))
        .limit(FAN_OUT_PAGE);
      await finishJobWith(db, job, now, async (tx) => {
        await enqueueJobs(
          tx,
          audience.map(({ userId }) =>
            textNoticeJob({ ...announcement, userId, key: `${announcement.key}:${userId}` }, now),
          ),
        );
        if (audience.length === FAN_OUT_PAGE)
          await enqueueJobs(tx, [textAnnouncementJob(announcement, now, audience.at(-1)!.userId)]);
      });
    },
  });
}

/**
 * The messages by phone the filters match that count against a limit: not the failed ones, nor
 * the notices `sending` names, on their way (codes and receipts have no key).
 */
async function countedMessages(db: Executor, filters: SQL[], sending: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(textMessages)
    .where(
      and(
        ...filters,
        ne(textMessages.status, 'failed'),
        sending.length > 0
          ? or(isNull(textMessages.noticeKey), notInArray(textMessages.noticeKey, [...sending]))
          : undefined,
      ),
    );
  return row?.sent ?? 0;
}

/** A vendor's own marketing sent by phone this month, Pakistan time (countedMessages). */
export function vendorMessagesThisMonth(
  db: Executor,
  vendorId: string,
  now: Date,
  sending: readonly string[] = [],
): Promise<number> {
  return countedMessages(
    db,
    [
      eq(textMessages.vendorId, vendorId),
      inArray(textMessages.kind, VENDOR_PAID_PHONE_KINDS),
      gte(textMessages.createdAt, startOfPakistanMonth(now)),
    ],
    sending,
  );
}

export interface TextNoticeDeps {
  db: Database;
  textMessages: TextMessageSender | null;
  /** The vendor's plan's phoneMessagesPerMonth (billing decides which plan binds it). */
  phoneMessagesPerMonth: (vendorId: string) => Promise<number>;
}

const isVendorPaid = (kind: string) => (VENDOR_PAID_PHONE_KINDS as readonly string[]).includes(kind);

/** A notice on its way to a provider: its customer and kind, until its row is written. */
type Sending = Map<string, { userId: string; kind: PhoneNoticeFacts['type'] }>;

/**
 * What a failed send leaves to the runner. A provider at its rate (429) postpones the notice
 * without spending a try; one that is down retries with back-off, in hours the notice may go,
 * and gives up after its tries (logged, the job kept with the reason); a refusal by every allowed
 * channel (a number that cannot take it) ends it at once, its failed rows in the outbox.
 */
function afterFailure(
  error: unknown,
  notice: PhoneNoticeFacts,
  attempts: number,
  maxAttempts: number,
  now: Date,
): JobOutcome {
  if (error instanceof TextProviderBusy)
    return { postponeTo: phoneTimeFor(notice, new Date(now.getTime() + error.retryAfterMs)), reason: error.message };
  if (error instanceof TextProviderUnavailable) {
    if (attempts >= maxAttempts) return { giveUp: `${error.message}, after ${attempts} tries` };
    return {
      retryAt: phoneTimeFor(notice, new Date(now.getTime() + textNoticeBackoffMs(attempts))),
      error: error.message,
    };
  }
  if (error instanceof TextMessageFailed) return { giveUp: error.message };
  throw error;
}

/**
 * Sends a notice by the customer's channels, read again when it runs (a toggle turned off or a
 * number removed since the stamp stops it): WhatsApp, then SMS if WhatsApp refuses it and SMS is
 * allowed too. A stamp's or a vendor's message beyond the day's cap is dropped, as is a vendor's
 * message beyond its plan's month (its e-mail and push went); a reward's always goes. Nothing
 * happens where no phone channel is set up. How a failure ends: afterFailure.
 *
 * Notices run side by side (TEXT_NOTICE_CONCURRENCY), so the cap and the plan's month are decided
 * one notice at a time per vendor, counting the rows written and the notices still on their way
 * (each once: the count leaves those out by key). Only one process runs jobs (decision 028), so
 * what is on its way is known here.
 */
export function textNoticeHandler(deps: TextNoticeDeps): JobHandler {
  const { db, textMessages: sender } = deps;
  const sendingFor = new Map<string, Sending>();
  const turns = new Map<string, Promise<unknown>>();

  /** `decide` for one vendor after the previous decision for it has ended. */
  function inTurn<T>(vendorId: string, decide: () => Promise<T>): Promise<T> {
    const turn = (turns.get(vendorId) ?? Promise.resolve()).then(decide, decide);
    const settled = turn.catch(() => undefined);
    turns.set(vendorId, settled);
    void settled.then(() => turns.get(vendorId) === settled && turns.delete(vendorId));
    return turn;
  }

  /**
   * Whether the notice may go now, and if so it is on its way. `allowance` is read before the turn
   * (the plan does not race); within it the two counts are read together, so that a campaign's
   * notices, which all take one vendor's turn, wait for one round trip each and not two.
   */
  async function mayGo(
    { userId, vendorId, key, notice }: z.infer<typeof TEXT_NOTICE_JOB.payload>,
    allowance: number | null,
    now: Date,
  ) {
    const sending = sendingFor.get(vendorId) ?? new Map();
    // One look at what is on its way, for both sides of the count: a notice that ends while the
    // table is read is then either left out of the rows and counted here, or counted in the rows.
    const onItsWay = [...sending.entries()];
    const keys = onItsWay.map(([sendingKey]) => sendingKey);
    const onTheirWay = (matches: (entry: { userId: string; kind: string }) => boolean) =>
      onItsWay.filter(([, entry]) => matches(entry)).length;
    // The daily cap: this customer's notices by phone about this vendor since the day began.
    const customerToday = [
      eq(textMessages.userId, userId),
      eq(textMessages.vendorId, vendorId),
      gte(textMessages.createdAt, startOfPakistanDay(now)),
    ];
    const [today, thisMonth] = await Promise.all([
      notice.type === 'reward' ? 0 : countedMessages(db, customerToday, keys),
      allowance === null ? 0 : vendorMessagesThisMonth(db, vendorId, now, keys),
    ]);
    if (
      notice.type !== 'reward' &&
      today + onTheirWay((entry) => entry.userId === userId) >= PHONE_NOTICES_PER_VENDOR_PER_DAY
    )
      return false;
    if (allowance !== null && thisMonth + onTheirWay((entry) => isVendorPaid(entry.kind)) >= allowance) return false;
    sendingFor.set(vendorId, sending.set(key, { userId, kind: notice.type }));
    return true;
  }

  return handlerOf(TEXT_NOTICE_JOB, {
    concurrency: TEXT_NOTICE_CONCURRENCY,
    backoffMs: textNoticeBackoffMs,
    async run(payload, job, now) {
      const { userId, vendorId, key, notice } = payload;
      if (!sender) return;
      const [customer] = await db
        .select({ phoneNumber: authUser.phoneNumber, preferences: emailPreferences })
        .from(authUser)
        .innerJoin(emailPreferences, eq(emailPreferences.userId, authUser.id))
        .where(and(eq(authUser.id, userId), eq(authUser.phoneNumberVerified, true)));
      if (!customer?.phoneNumber) return;
      const type = CATEGORY_OF_NOTICE[notice.type];
      const channels = PHONE_CHANNELS.filter((channel) => canSendOn(channel, customer.preferences, type));
      if (channels.length === 0) return;
      // An hourly deal held for the morning is news no more once it ended.
      if (notice.type === 'hourly_chaska' && notice.endsAt && new Date(notice.endsAt) <= now) return;
      const plan = isVendorPaid(notice.type) ? await deps.phoneMessagesPerMonth(vendorId) : null;
      const allowance = plan === null || isUnlimited(plan) ? null : plan;
      if (!(await inTurn(vendorId, () => mayGo(payload, allowance, now)))) return;
      try {
        const language = await phoneMessageLanguage(db, { userId });
        await sender.sendNotice({ to: customer.phoneNumber, language, notice, userId, vendorId, key, channels });
      } catch (error) {
        return afterFailure(error, notice, job.attempts, job.maxAttempts, now);
      } finally {
        // Its row is written (or it failed): from here the counts read it from the table.
        const sending = sendingFor.get(vendorId);
        sending?.delete(key);
        if (sending?.size === 0) sendingFor.delete(vendorId);
      }
    },
  });
}
