import { z } from 'zod';
import emailPreferencesTexts from '@shared/i18n/en/emailPreferences';
import { PAKISTAN_TIME_ZONE } from '@shared/pakistan-time';
import { MESSAGE_LANGUAGES } from '@shared/i18n/roman-urdu';

export const EMAIL_FREQUENCIES = ['immediate', 'daily', 'weekly', 'never'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export type DigestKind = Extract<EmailFrequency, 'daily' | 'weekly'>;

/** The preference flags of SPEC.md section 3, with the defaults of section 9. */
export const EMAIL_PREFERENCE_DEFAULTS = {
  welcome_emails: true,
  stamp_notifications: true,
  reward_notifications: true,
  daily_chaska: true,
  hourly_chaska: false,
  vendor_updates: true,
  marketing_emails: false,
  security_alerts: true,
  frequency: 'immediate' as EmailFrequency,
  unsubscribed: false,
};

/** The seven flags a person may switch; security alerts are not among them (SPEC.md section 5). */
export const EMAIL_TOGGLE_KEYS = [
  'welcome_emails',
  'stamp_notifications',
  'reward_notifications',
  'daily_chaska',
  'hourly_chaska',
  'vendor_updates',
  'marketing_emails',
] as const;
export type EmailToggleKey = (typeof EMAIL_TOGGLE_KEYS)[number];

/** The channels beside e-mail, each with its own toggle per category (push: decision 043; WhatsApp and SMS: 081). */
export const OTHER_CHANNELS = ['push', 'whatsapp', 'sms'] as const;
export type OtherChannel = (typeof OTHER_CHANNELS)[number];

/** The categories sent by WhatsApp and SMS (decision 081): the page offers only these. */
export const PHONE_NOTICE_TOGGLE_KEYS = [
  'stamp_notifications',
  'reward_notifications',
  'daily_chaska',
  'hourly_chaska',
  'vendor_updates',
] as const satisfies readonly EmailToggleKey[];

export const EMAIL_TYPES = [
  'welcome',
  'verification',
  'password_reset',
  'stamp',
  'reward',
  'vendor_application',
  'vendor_approved',
  'vendor_rejected',
  'daily_chaska',
  'hourly_chaska',
  'vendor_message',
  'vendor_invite',
  'staff_invite',
  'marketing',
  'plan_change',
  /** The owner's monthly report (decision 090): a notice the owner turns off with the report's channel. */
  'monthly_report',
  /** An admin paused or removed a vendor's card, or suspended or restored the vendor: its owner is told. */
  'vendor_moderation',
  /** An admin answered a question the person sent from /support. */
  'support_reply',
  'digest',
  'security',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** The longest subject a vendor may write. */
export const EMAIL_SUBJECT_MAX = 120;

/**
 * The subject of an e-mail a vendor writes to its customers (a campaign, an automation, a message
 * to one customer): one line of text. A line break or another control character would end the
 * mail header it goes into, or split the subject as mail clients show it.
 */
export const emailSubjectSchema = z
  .string({ error: 'Subject is required.' })
  .trim()
  .min(1, 'Subject is required.')
  .max(EMAIL_SUBJECT_MAX, `Subject must be at most ${EMAIL_SUBJECT_MAX} characters.`)
  .regex(/^[^\p{Cc}\u2028\u2029]*$/u, 'Subject must be one line, without line breaks.');

export const EMAIL_LOG_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;

/** Digests go out at config.digestHour in this zone; weekly ones on this weekday (0 = Sunday). */
export const DIGEST_TIME_ZONE = PAKISTAN_TIME_ZONE;
export const WEEKLY_DIGEST_WEEKDAY = 1;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const SECURITY_ALERTS_LOCKED_MESSAGE = 'Security alerts are always on and cannot be turned off.';
export const UNSUBSCRIBED_CANNOT_SAVE_MESSAGE =
  'You are unsubscribed from all emails. Resubscribe first to change your preferences.';
/** The page and the server's refusal say the same; the page shows it in the reader's language. */
export const INVALID_UNSUBSCRIBE_LINK_HINT = emailPreferencesTexts['link.invalidHint'];
export const INVALID_UNSUBSCRIBE_LINK_MESSAGE = `This unsubscribe link is not valid. ${INVALID_UNSUBSCRIBE_LINK_HINT}`;

const toggle = (label: string) => z.boolean({ error: `${label} must be true or false.` });

const toggleSchemas = {
  welcome_emails: toggle('Welcome emails'),
  stamp_notifications: toggle('Stamp notifications'),
  reward_notifications: toggle('Reward notifications'),
  daily_chaska: toggle('Daily Chaska'),
  hourly_chaska: toggle('Hourly Chaska'),
  vendor_updates: toggle('Vendor updates'),
  marketing_emails: toggle('Marketing emails'),
};

const frequencySchema = z.enum(EMAIL_FREQUENCIES, { error: 'Frequency must be immediate, daily, weekly or never.' });

/**
 * PUT /api/email-preferences: the seven toggles and the frequency. `security_alerts` may be sent
 * only as true (a form echoing it back is fine); false is refused because it cannot change.
 * `unsubscribed` is not part of it: that has its own unsubscribe and resubscribe calls.
 */
export const updateEmailPreferencesSchema = z.object({
  ...toggleSchemas,
  frequency: frequencySchema,
  security_alerts: z.literal(true, { error: SECURITY_ALERTS_LOCKED_MESSAGE }).optional(),
  /** The same seven categories by push notification (decision 043); left out, they stay as they are. */
  push: z.object(toggleSchemas, { error: 'Push notification settings must be a set of toggles.' }).optional(),
  /** And by WhatsApp and by SMS (decision 081), to the account's verified number; left out, as they are. */
  whatsapp: z.object(toggleSchemas, { error: 'WhatsApp settings must be a set of toggles.' }).optional(),
  sms: z.object(toggleSchemas, { error: 'SMS settings must be a set of toggles.' }).optional(),
  /** The language of WhatsApp messages and SMS (decision 082); left out, as it is. */
  phone_language: z
    .enum(MESSAGE_LANGUAGES, { error: 'The language of WhatsApp and SMS must be en, ur or ur-Latn.' })
    .optional(),
});
export type UpdateEmailPreferencesInput = z.infer<typeof updateEmailPreferencesSchema>;

export const emailPreferencesSchema = z.object({
  ...toggleSchemas,
  security_alerts: z.literal(true),
  frequency: frequencySchema,
  unsubscribed: z.boolean(),
  /** Each category by push notification (decision 043); security alerts are always on. */
  push: z.object(toggleSchemas),
  /** Each category by WhatsApp and by SMS (decision 081): all off until the customer turns them on. */
  whatsapp: z.object(toggleSchemas),
  sms: z.object(toggleSchemas),
  updated_at: z.string(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** The preferences and when digests go out, so the page can say "every Monday at 9:00 am". */
export const emailPreferencesResponseSchema = z.object({
  preferences: emailPreferencesSchema,
  digest: z.object({
    hour: z.number().int().min(0).max(23),
    weekday: z.enum(WEEKDAY_NAMES),
    timeZone: z.string(),
  }),
  /**
   * Where WhatsApp and SMS would go (the verified number, or null), which of them this server
   * sends, and their language (the one chosen, else the interface language: decision 082).
   */
  phone: z.object({
    number: z.string().nullable(),
    whatsapp: z.boolean(),
    sms: z.boolean(),
    language: z.enum(MESSAGE_LANGUAGES),
  }),
});
export type EmailPreferencesResponse = z.infer<typeof emailPreferencesResponseSchema>;

/** The two query values of a signed one-click link: `/unsubscribe?u=<user id>&t=<signature>`. */
export const unsubscribeLinkSchema = z.object({
  u: z
    .string({ error: INVALID_UNSUBSCRIBE_LINK_MESSAGE })
    .trim()
    .min(1, INVALID_UNSUBSCRIBE_LINK_MESSAGE)
    .max(200, INVALID_UNSUBSCRIBE_LINK_MESSAGE),
  t: z
    .string({ error: INVALID_UNSUBSCRIBE_LINK_MESSAGE })
    .trim()
    .min(1, INVALID_UNSUBSCRIBE_LINK_MESSAGE)
    .max(200, INVALID_UNSUBSCRIBE_LINK_MESSAGE),
});
export type UnsubscribeLinkInput = z.infer<typeof unsubscribeLinkSchema>;

export const unsubscribeLinkResultSchema = z.object({ unsubscribed: z.literal(true) });
