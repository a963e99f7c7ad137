import { and, eq, isNotNull } from 'drizzle-orm';
import {
  EMAIL_TOGGLE_KEYS,
  OTHER_CHANNELS,
  UNSUBSCRIBED_CANNOT_SAVE_MESSAGE,
  WEEKDAY_NAMES,
  WEEKLY_DIGEST_WEEKDAY,
  DIGEST_TIME_ZONE,
  type EmailFrequency,
  type EmailPreferences,
  type EmailPreferencesResponse,
  type EmailToggleKey,
  type OtherChannel,
  type UpdateEmailPreferencesInput,
} from '@shared/notifications/email';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import { authUser, emailMessages, emailPreferences } from '@server/db/schema';
import { conflict } from '@server/errors';
import { nextDigestAt } from './digest-schedule';
import { enqueueJob } from '@server/lib/job-queue';
import { emailSendJob } from './email-job';
import { CHANNEL_FLAGS, EMAIL_FLAG_BY_TOGGLE } from './can-send-email';
import { phoneMessageLanguage } from './recipient-language';

type PreferencesRow = typeof emailPreferences.$inferSelect;

/**
 * SPEC.md section 4: a default record is created on first read if none exists. Sign-up creates
 * it already; this heals an account that somehow lacks one.
 */
export async function getOrCreateEmailPreferences(db: Executor, userId: string): Promise<PreferencesRow> {
  const [existing] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  if (existing) return existing;
  await db.insert(emailPreferences).values({ userId }).onConflictDoNothing();
  const [created] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  return created!;
}

/**
 * Digest members waiting for the old frequency follow the new one: to the new digest time, or
 * out at once for "immediate" (each with its job). For "never" they stay put and the digest job drops them, because
 * the permission rule refuses them by then.
 */
async function reschedulePendingDigest(
  db: Executor,
  { digestHour }: Pick<Config, 'digestHour'>,
  { userId, frequency }: { userId: string; frequency: EmailFrequency },
  now: Date,
) {
  const waiting = and(
    eq(emailMessages.userId, userId),
    eq(emailMessages.status, 'queued'),
    isNotNull(emailMessages.digest),
  );
  if (frequency === 'daily' || frequency === 'weekly') {
    await db
      .update(emailMessages)
      .set({ digest: frequency, nextAttemptAt: nextDigestAt(now, frequency, digestHour) })
      .where(waiting);
  } else if (frequency === 'immediate') {
    const released = await db
      .update(emailMessages)
      .set({ digest: null, nextAttemptAt: now })
      .where(waiting)
      .returning({ id: emailMessages.id });
    // Each released e-mail gets the job that sends it, in this transaction.
    for (const { id } of released) await enqueueJob(db, emailSendJob(id, now));
  }
}

/**
 * Saves the seven toggles, their push, WhatsApp and SMS twins and the phone's language (when
 * given) and the frequency; security alerts stay on whatever is asked.
 */
export async function updateEmailPreferences(
  db: Database,
  config: Config,
  { userId, preferences: input }: { userId: string; preferences: UpdateEmailPreferencesInput },
  now: Date,
): Promise<PreferencesRow> {
  return db.transaction(async (tx) => {
    await tx.insert(emailPreferences).values({ userId }).onConflictDoNothing();
    const [current] = await tx.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).for('update');
    // The page disables Save while unsubscribed; the server keeps the same rule for every client.
    if (current!.unsubscribed) throw conflict(UNSUBSCRIBED_CANNOT_SAVE_MESSAGE, 'unsubscribed');
    const [updated] = await tx
      .update(emailPreferences)
      .set({
        welcomeEmails: input.welcome_emails,
        stampNotifications: input.stamp_notifications,
        rewardNotifications: input.reward_notifications,
        dailyChaska: input.daily_chaska,
        hourlyChaska: input.hourly_chaska,
        vendorUpdates: input.vendor_updates,
        marketingEmails: input.marketing_emails,
        securityAlerts: true,
        ...Object.assign({}, ...OTHER_CHANNELS.map((channel) => channelColumns(channel, input[channel]))),
        ...(input.phone_language ? { phoneLanguage: input.phone_language } : {}),
        frequency: input.frequency,
        updatedAt: now,
      })
      .where(eq(emailPreferences.userId, userId))
      .returning();
    if (current!.frequency !== input.frequency)
      await reschedulePendingDigest(tx, config, { userId, frequency: input.frequency }, now);
    return updated!;
  });
}

/** SPEC.md: unsubscribe sets unsubscribed true; resubscribe sets it false. Idempotent. */
export async function setUnsubscribed(
  db: Executor,
  userId: string,
  unsubscribed: boolean,
  now: Date,
): Promise<PreferencesRow> {
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, unsubscribed })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { unsubscribed, updatedAt: now } })
    .returning();
  return row!;
}

type Toggles = Record<EmailToggleKey, boolean>;

/** A channel's seven toggles as columns to save; nothing when the request left the channel out. */
function channelColumns(channel: OtherChannel, toggles: Toggles | undefined): Partial<PreferencesRow> {
  if (!toggles) return {};
  return Object.fromEntries(
    EMAIL_TOGGLE_KEYS.map((key) => [CHANNEL_FLAGS[channel][EMAIL_FLAG_BY_TOGGLE[key]], toggles[key]]),
  );
}

function channelToggles(row: PreferencesRow, channel: OtherChannel): Toggles {
  return Object.fromEntries(
    EMAIL_TOGGLE_KEYS.map((key) => [key, row[CHANNEL_FLAGS[channel][EMAIL_FLAG_BY_TOGGLE[key]]]]),
  ) as Toggles;
}

export function presentEmailPreferences(row: PreferencesRow): EmailPreferences {
  return {
    welcome_emails: row.welcomeEmails,
    stamp_notifications: row.stampNotifications,
    reward_notifications: row.rewardNotifications,
    daily_chaska: row.dailyChaska,
    hourly_chaska: row.hourlyChaska,
    vendor_updates: row.vendorUpdates,
    marketing_emails: row.marketingEmails,
    // SPEC.md section 5: always on and cannot be changed, whatever an old row might say.
    security_alerts: true,
    frequency: row.frequency,
    unsubscribed: row.unsubscribed,
    push: channelToggles(row, 'push'),
    whatsapp: channelToggles(row, 'whatsapp'),
    sms: channelToggles(row, 'sms'),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The account's verified number: where WhatsApp and SMS go; null without one. */
export async function verifiedPhoneOf(db: Executor, userId: string): Promise<string | null> {
  const [user] = await db
    .select({ phoneNumber: authUser.phoneNumber })
    .from(authUser)
    .where(and(eq(authUser.id, userId), eq(authUser.phoneNumberVerified, true)));
  return user?.phoneNumber ?? null;
}

/** The page's answer; `channels`: those a notice can go by on this server (TextMessageSender.channels). */
export async function presentEmailPreferencesResponse(
  db: Executor,
  { config, channels }: { config: Pick<Config, 'digestHour'>; channels: { whatsapp: boolean; sms: boolean } },
  row: PreferencesRow,
): Promise<EmailPreferencesResponse> {
  return {
    preferences: presentEmailPreferences(row),
    digest: { hour: config.digestHour, weekday: WEEKDAY_NAMES[WEEKLY_DIGEST_WEEKDAY]!, timeZone: DIGEST_TIME_ZONE },
    phone: {
      number: await verifiedPhoneOf(db, row.userId),
      ...channels,
      language: await phoneMessageLanguage(db, { userId: row.userId }),
    },
  };
}
