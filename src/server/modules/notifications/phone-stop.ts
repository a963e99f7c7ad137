import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { EMAIL_TOGGLE_KEYS } from '@shared/notifications/email';
import { pakistanDateKey } from '@shared/pakistan-time';
import type { Database } from '@server/db/client';
import { authUser, emailPreferences } from '@server/db/schema';
import { enqueueJob, handlerOf, jobKind, newJob, type JobHandler } from '@server/lib/job-queue';
import { CHANNEL_FLAGS, EMAIL_FLAG_BY_TOGGLE } from './can-send-email';
import { phoneMessageLanguage } from './recipient-language';
import { TextMessageFailed, TextProviderUnavailable } from './text-messages';
import type { TextMessageSender } from './text-outbox';

/**
 * What a customer texts back to stop a channel (decision 081), compared after lower-casing,
 * dropping punctuation and joining spaces: English, Urdu, and Roman Urdu as most Pakistanis text it.
 */
const STOP_WORDS = new Set([
  'stop',
  'stop all',
  'unsubscribe',
  'cancel',
  'بند',
  'بند کریں',
  'بند کرو',
  'روکیں',
  'مت بھیجیں',
  'band',
  'band karo',
  'band karein',
  'band kren',
  'bund',
  'bund karo',
  'stop karo',
  'mat bhejo',
  'mat bhejein',
]);

export function isStopMessage(text: string): boolean {
  const words = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return STOP_WORDS.has(words);
}

/** A message a customer sent to our WhatsApp number or SMS sender: who, and what it said. */
export interface InboundMessage {
  channel: 'whatsapp' | 'sms';
  /** As the provider gives it: E.164 with or without its +. */
  from: string;
  text: string;
}

/** The job that tells a customer their STOP was heard, by the channel they sent it by. */
export const STOP_CONFIRMATION_JOB = jobKind(
  'text.stop_confirmation',
  z.object({ userId: z.string(), channel: z.enum(['whatsapp', 'sms']) }),
);

/** One a Pakistan day per channel: a customer who sends STOP five times is answered once. */
function stopConfirmationJob(userId: string, channel: 'whatsapp' | 'sms', now: Date) {
  return newJob(
    STOP_CONFIRMATION_JOB,
    { userId, channel },
    { runAt: now, uniqueKey: `text:stop:${userId}:${channel}:${pakistanDateKey(now)}`, maxAttempts: 4 },
  );
}

/**
 * Sends the confirmation, to the number as it is when the job runs. A provider that refuses it
 * ends the job (nothing more to say to a number that cannot take it); one that is down or busy
 * is tried again by the runner.
 */
export function stopConfirmationHandler(deps: { db: Database; textMessages: TextMessageSender | null }): JobHandler {
  return handlerOf(STOP_CONFIRMATION_JOB, {
    async run({ userId, channel }) {
      if (!deps.textMessages) return;
      const [customer] = await deps.db
        .select({ phoneNumber: authUser.phoneNumber })
        .from(authUser)
        .where(and(eq(authUser.id, userId), eq(authUser.phoneNumberVerified, true)));
      if (!customer?.phoneNumber) return;
      const language = await phoneMessageLanguage(deps.db, { userId });
      try {
        await deps.textMessages.sendStopConfirmation({ to: customer.phoneNumber, language, channel, userId });
      } catch (error) {
        if (error instanceof TextMessageFailed && !(error instanceof TextProviderUnavailable))
          return { giveUp: error.message };
        throw error;
      }
    },
  });
}

/**
 * "STOP" by WhatsApp or SMS turns that channel off for every kind of notice of the account whose
 * verified number wrote it, and writes the job that confirms it; any other message changes
 * nothing. Answers whether it stopped one.
 */
export async function applyInboundMessage(db: Database, message: InboundMessage, now: Date): Promise<boolean> {
  if (!isStopMessage(message.text)) return false;
  // Providers give the number in E.164, with or without its +, as accounts keep it (with).
  const phoneNumber = message.from.startsWith('+') ? message.from : `+${message.from}`;
  const [user] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.phoneNumber, phoneNumber), eq(authUser.phoneNumberVerified, true)));
  if (!user) return false;
  const off = Object.fromEntries(
    EMAIL_TOGGLE_KEYS.map((key) => [CHANNEL_FLAGS[message.channel][EMAIL_FLAG_BY_TOGGLE[key]], false]),
  );
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(emailPreferences)
      .set({ ...off, updatedAt: now })
      .where(eq(emailPreferences.userId, user.id))
      .returning({ userId: emailPreferences.userId });
    if (updated.length === 0) return false;
    await enqueueJob(tx, stopConfirmationJob(user.id, message.channel, now));
    return true;
  });
}
