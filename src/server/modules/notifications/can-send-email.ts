import type { EmailToggleKey, EmailType, OtherChannel } from '@shared/notifications/email';

export interface EmailPermissionPreferences {
  welcomeEmails: boolean;
  stampNotifications: boolean;
  rewardNotifications: boolean;
  dailyChaska: boolean;
  hourlyChaska: boolean;
  vendorUpdates: boolean;
  marketingEmails: boolean;
  securityAlerts: boolean;
  frequency: string;
  unsubscribed: boolean;
}

/**
 * How each e-mail type is treated. Reviewed against SPEC.md section 5 and PRODUCT.md section 6:
 *
 * - requested: the person asked for this e-mail a moment ago (verification, password reset, the
 *   answer to their support question) or has no account yet (vendor and staff invitations). Never gated. SPEC.md's rule would refuse a
 *   password reset to someone who once unsubscribed, locking them out of their own account, and
 *   an unsubscribe is consent withdrawn from notifications, not from the answer to a request.
 * - security: about the account itself (security notices, the vendor's own application being
 *   received, approved or rejected, plan changes, an admin's moderation of its cards or account). SPEC.md's security-alert rule: always on, sent
 *   unless unsubscribed, whatever the frequency. There is no flag a vendor could switch off to miss
 *   a rejection reason (PRODUCT.md section 6 says vendors get these e-mails).
 * - a flag: the notification types the preferences page lists; SPEC.md's rule: denied without
 *   preferences, when unsubscribed, or when the flag is not true. Frequency "never" sends only
 *   security alerts, so it denies these too.
 * - report: the owner's monthly report (decision 090). The owner chooses it on or off (and its
 *   channel) on the vendor's settings; by e-mail it is a notification: not sent without
 *   preferences, when unsubscribed or with frequency "never", carrying the unsubscribe link, but
 *   never held for a digest (it is a summary itself) and under no toggle of the customer's page.
 * - digest: the daily or weekly bundle. Each member was allowed by its own flag when queued and
 *   is checked again when the digest is built; the bundle itself follows the same outer rule.
 */
type EmailClass =
  | { kind: 'requested' }
  | { kind: 'security' }
  | { kind: 'report' }
  | { kind: 'digest' }
  | { kind: 'flag'; flag: EmailFlag };

export type EmailFlag =
  | 'welcomeEmails'
  | 'stampNotifications'
  | 'rewardNotifications'
  | 'dailyChaska'
  | 'hourlyChaska'
  | 'vendorUpdates'
  | 'marketingEmails';

const REQUESTED = { kind: 'requested' } as const;
const SECURITY = { kind: 'security' } as const;
const flag = (name: EmailFlag) => ({ kind: 'flag', flag: name }) as const;

/** A Record, so adding an e-mail type without deciding its class fails the type check. */
export const EMAIL_CLASS_BY_TYPE: Record<EmailType, EmailClass> = {
  verification: REQUESTED,
  password_reset: REQUESTED,
  vendor_invite: REQUESTED,
  staff_invite: REQUESTED,
  // The answer to a question the person sent us from /support: it is what they asked for, like a
  // password reset, not a notification they may have switched off (nor marketing). Sent at once,
  // unsubscribed or not, and never folded into a digest; they stop it by closing the conversation.
  support_reply: REQUESTED,
  security: SECURITY,
  vendor_application: SECURITY,
  vendor_approved: SECURITY,
  vendor_rejected: SECURITY,
  plan_change: SECURITY,
  monthly_report: { kind: 'report' },
  vendor_moderation: SECURITY,
  welcome: flag('welcomeEmails'),
  stamp: flag('stampNotifications'),
  reward: flag('rewardNotifications'),
  daily_chaska: flag('dailyChaska'),
  hourly_chaska: flag('hourlyChaska'),
  vendor_message: flag('vendorUpdates'),
  marketing: flag('marketingEmails'),
  digest: { kind: 'digest' },
};

/** Security and requested e-mails: sent at once, never bundled, and without an unsubscribe link. */
export function isSecurityEmail(type: EmailType): boolean {
  const emailClass = EMAIL_CLASS_BY_TYPE[type].kind;
  return emailClass === 'security' || emailClass === 'requested';
}

/**
 * SPEC.md section 5, the one rule every send goes through: security alerts are allowed unless
 * the user is unsubscribed; any other type is denied without preferences, when unsubscribed, or
 * when the type's flag is not true (and, for frequency "never", always).
 */
export function canSendEmail(preferences: EmailPermissionPreferences | null, type: EmailType): boolean {
  const emailClass = EMAIL_CLASS_BY_TYPE[type];
  if (emailClass.kind === 'requested') return true;
  if (emailClass.kind === 'security') return !preferences?.unsubscribed;
  if (!preferences || preferences.unsubscribed || preferences.frequency === 'never') return false;
  if (emailClass.kind === 'digest' || emailClass.kind === 'report') return true;
  return preferences[emailClass.flag] === true;
}

/** Whether an allowed e-mail goes out now or waits for the user's daily or weekly digest. */
export function deliveryScheduleFor(
  preferences: EmailPermissionPreferences | null,
  type: EmailType,
): 'immediate' | 'daily' | 'weekly' {
  if (!preferences || EMAIL_CLASS_BY_TYPE[type].kind !== 'flag') return 'immediate';
  return preferences.frequency === 'daily' || preferences.frequency === 'weekly' ? preferences.frequency : 'immediate';
}

/** The preferences page's name of each flag (SPEC.md section 3's snake_case keys). */
export const EMAIL_FLAG_BY_TOGGLE = {
  welcome_emails: 'welcomeEmails',
  stamp_notifications: 'stampNotifications',
  reward_notifications: 'rewardNotifications',
  daily_chaska: 'dailyChaska',
  hourly_chaska: 'hourlyChaska',
  vendor_updates: 'vendorUpdates',
  marketing_emails: 'marketingEmails',
} as const satisfies Record<EmailToggleKey, EmailFlag>;

/**
 * Each flag's twin on the other channels: the same category, its own toggle (push: decision 043;
 * WhatsApp and SMS to the verified number: decision 081).
 */
export const CHANNEL_FLAGS = {
  push: {
    welcomeEmails: 'pushWelcomeEmails',
    stampNotifications: 'pushStampNotifications',
    rewardNotifications: 'pushRewardNotifications',
    dailyChaska: 'pushDailyChaska',
    hourlyChaska: 'pushHourlyChaska',
    vendorUpdates: 'pushVendorUpdates',
    marketingEmails: 'pushMarketingEmails',
  },
  whatsapp: {
    welcomeEmails: 'whatsappWelcomeEmails',
    stampNotifications: 'whatsappStampNotifications',
    rewardNotifications: 'whatsappRewardNotifications',
    dailyChaska: 'whatsappDailyChaska',
    hourlyChaska: 'whatsappHourlyChaska',
    vendorUpdates: 'whatsappVendorUpdates',
    marketingEmails: 'whatsappMarketingEmails',
  },
  sms: {
    welcomeEmails: 'smsWelcomeEmails',
    stampNotifications: 'smsStampNotifications',
    rewardNotifications: 'smsRewardNotifications',
    dailyChaska: 'smsDailyChaska',
    hourlyChaska: 'smsHourlyChaska',
    vendorUpdates: 'smsVendorUpdates',
    marketingEmails: 'smsMarketingEmails',
  },
} as const satisfies Record<OtherChannel, Record<EmailFlag, string>>;

export type ChannelFlag = (typeof CHANNEL_FLAGS)[OtherChannel][EmailFlag];
export type ChannelPermissionPreferences = Partial<Record<ChannelFlag, boolean>>;

/**
 * Whether a notice of this type may go to this person on a channel beside e-mail: the type's
 * category (the same class as its e-mail, EMAIL_CLASS_BY_TYPE) and that category's toggle for the
 * channel. The e-mail frequency and the e-mail unsubscribe are about e-mails and do not apply;
 * without preferences the toggles' defaults do not apply either: nothing is sent.
 */
export function canSendOn(
  channel: OtherChannel,
  preferences: ChannelPermissionPreferences | null,
  type: EmailType,
): boolean {
  const emailClass = EMAIL_CLASS_BY_TYPE[type];
  if (emailClass.kind !== 'flag' || !preferences) return false;
  return preferences[CHANNEL_FLAGS[channel][emailClass.flag]] === true;
}
