import { and, count, eq, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PHONE_NOTICES_PER_VENDOR_PER_DAY } from '@shared/notifications/outbox';
import { startOfPakistanDay } from '@shared/pakistan-time';
import type { Database } from '@server/db/client';
import { authUser, emailPreferences, textMessages } from '@server/db/schema';
import { handlerOf, jobInsertWhere, jobKind, newJob, type JobHandler } from '@server/lib/job-queue';
import { CHANNEL_FLAGS, EMAIL_CLASS_BY_TYPE, canSendOn } from './can-send-email';
import { PUSH_TYPE_OF_NOTICE, phoneNoticeSchema } from './push-messages';
import { recipientLanguage } from './recipient-language';
import type { PhoneNoticeFacts } from './text-messages';
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
  /** The event (`stamp:<id>`, `reward:<id>`): one job and one message per event. */
  key: string;
}

/** The customer has a verified number and a WhatsApp or SMS toggle on for the notice's category. */
function wantsNoticeByPhone(userId: string, notice: PhoneNoticeFacts): SQL {
  const emailClass = EMAIL_CLASS_BY_TYPE[PUSH_TYPE_OF_NOTICE[notice.type]];
  if (emailClass.kind !== 'flag') return sql`false`;
  const toggles = PHONE_CHANNELS.map((channel) => sql`${emailPreferences[CHANNEL_FLAGS[channel][emailClass.flag]]}`);
  return sql`exists (select 1 from ${authUser} join ${emailPreferences} on ${emailPreferences.userId} = ${authUser.id}
    where ${authUser.id} = ${userId} and ${authUser.phoneNumberVerified} and (${or(...toggles)}))`;
}

/**
 * The job as a statement for a larger one (the stamp's single write), written only when the
 * customer asked for this notice by phone: most never do, and every stamp would otherwise leave a
 * job that finds nobody.
 */
export function textNoticeJobInsert({ userId, vendorId, notice, key }: TextNoticeToEnqueue, now: Date): SQL {
  return jobInsertWhere(
    newJob(
      TEXT_NOTICE_JOB,
      { userId, vendorId, key, notice },
      { runAt: now, uniqueKey: `text:${key}`, maxAttempts: 4 },
    ),
    wantsNoticeByPhone(userId, notice),
  );
}

/** Stamp notices this customer had by phone today about this vendor (failed ones do not count). */
async function noticesToday(db: Database, { userId, vendorId }: { userId: string; vendorId: string }, now: Date) {
  const [row] = await db
    .select({ sent: count() })
    .from(textMessages)
    .where(
      and(
        eq(textMessages.userId, userId),
        eq(textMessages.vendorId, vendorId),
        gte(textMessages.createdAt, startOfPakistanDay(now)),
        ne(textMessages.status, 'failed'),
      ),
    );
  return row?.sent ?? 0;
}

/**
 * Sends a notice by the customer's channels, read again when it runs (a toggle turned off or a
 * number removed since the stamp stops it): WhatsApp, then SMS if WhatsApp refuses it and SMS is
 * allowed too. A stamp's notice beyond the day's cap is dropped; a reward's always goes. Nothing
 * happens where no phone channel is set up. A refusal by every channel throws: the runner tries
 * again later, up to the job's attempts.
 */
export function textNoticeHandler(deps: { db: Database; textMessages: TextMessageSender | null }): JobHandler {
  const { db, textMessages: sender } = deps;
  return handlerOf(TEXT_NOTICE_JOB, {
    async run({ userId, vendorId, key, notice }, _job, now) {
      if (!sender) return;
      const [customer] = await db
        .select({ phoneNumber: authUser.phoneNumber, preferences: emailPreferences })
        .from(authUser)
        .innerJoin(emailPreferences, eq(emailPreferences.userId, authUser.id))
        .where(and(eq(authUser.id, userId), eq(authUser.phoneNumberVerified, true)));
      if (!customer?.phoneNumber) return;
      const type = PUSH_TYPE_OF_NOTICE[notice.type];
      const channels = PHONE_CHANNELS.filter((channel) => canSendOn(channel, customer.preferences, type));
      if (channels.length === 0) return;
      if (
        notice.type === 'stamp' &&
        (await noticesToday(db, { userId, vendorId }, now)) >= PHONE_NOTICES_PER_VENDOR_PER_DAY
      )
        return;
      const language = await recipientLanguage(db, userId, '');
      await sender.sendNotice({ to: customer.phoneNumber, language, notice, userId, vendorId, key, channels });
    },
  });
}
