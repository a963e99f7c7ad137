import { and, eq } from 'drizzle-orm';
import { EMAIL_TOGGLE_KEYS } from '@shared/notifications/email';
import type { Database } from '@server/db/client';
import { authUser, emailPreferences } from '@server/db/schema';
import { CHANNEL_FLAGS, EMAIL_FLAG_BY_TOGGLE } from './can-send-email';

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

/**
 * "STOP" by WhatsApp or SMS turns that channel off for every kind of notice of the account whose
 * verified number wrote it; any other message changes nothing. Answers whether it stopped one.
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
  const updated = await db
    .update(emailPreferences)
    .set({ ...off, updatedAt: now })
    .where(eq(emailPreferences.userId, user.id))
    .returning({ userId: emailPreferences.userId });
  return updated.length > 0;
}
