import { describe, expect, it } from 'vitest';
import { EMAIL_FREQUENCIES, EMAIL_TYPES, OTHER_CHANNELS, type EmailType } from '@shared/notifications/email';
import { PUSH_TYPES } from '@shared/notifications/push';
import {
  canSendEmail,
  canSendOn,
  CHANNEL_FLAGS,
  type ChannelPermissionPreferences,
  deliveryScheduleFor,
  isSecurityEmail,
  type EmailFlag,
  type EmailPermissionPreferences,
} from './can-send-email';

/**
 * The expected class of every type, written out by hand from SPEC.md section 5 and PRODUCT.md
 * section 6 (see the comment in can-send-email.ts), independent of the table the code uses.
 */
const EXPECTED: Record<EmailType, 'requested' | 'security' | 'digest' | 'report' | EmailFlag> = {
  welcome: 'welcomeEmails',
  verification: 'requested',
  password_reset: 'requested',
  stamp: 'stampNotifications',
  reward: 'rewardNotifications',
  vendor_application: 'security',
  vendor_approved: 'security',
  vendor_rejected: 'security',
  daily_chaska: 'dailyChaska',
  hourly_chaska: 'hourlyChaska',
  vendor_message: 'vendorUpdates',
  vendor_invite: 'requested',
  staff_invite: 'requested',
  marketing: 'marketingEmails',
  plan_change: 'security',
  // The owner's own switch is the report's channel (off); e-mail's unsubscribe and "never" stop it too.
  monthly_report: 'report',
  vendor_moderation: 'security',
  support_reply: 'requested',
  digest: 'digest',
  security: 'security',
};

const BOOLEAN_KEYS = [
  'welcomeEmails',
  'stampNotifications',
  'rewardNotifications',
  'dailyChaska',
  'hourlyChaska',
  'vendorUpdates',
  'marketingEmails',
  'securityAlerts',
  'unsubscribed',
] as const;

/** Every one of the 2^9 flag combinations with each of the four frequencies: 2,048 records. */
function everyPreferenceRecord(): EmailPermissionPreferences[] {
  const records: EmailPermissionPreferences[] = [];
  for (let bits = 0; bits < 2 ** BOOLEAN_KEYS.length; bits += 1) {
    for (const frequency of EMAIL_FREQUENCIES) {
      const record = { frequency } as EmailPermissionPreferences;
      BOOLEAN_KEYS.forEach((key, index) => {
        record[key] = Boolean(bits & (1 << index));
      });
      records.push(record);
    }
  }
  return records;
}

function expectedPermission(preferences: EmailPermissionPreferences | null, type: EmailType): boolean {
  const expected = EXPECTED[type];
  if (expected === 'requested') return true;
  if (expected === 'security') return preferences === null || !preferences.unsubscribed;
  if (preferences === null || preferences.unsubscribed || preferences.frequency === 'never') return false;
  if (expected === 'digest' || expected === 'report') return true;
  return preferences[expected];
}

describe('canSendEmail', () => {
  const records = everyPreferenceRecord();

  it('covers every e-mail type in the expectation table', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...EMAIL_TYPES].sort());
  });

  for (const type of EMAIL_TYPES) {
    it(`decides "${type}" for no preferences and every combination of flags, unsubscribed and frequency`, () => {
      expect(canSendEmail(null, type)).toBe(expectedPermission(null, type));
      const wrong = records.filter((record) => canSendEmail(record, type) !== expectedPermission(record, type));
      expect(wrong).toEqual([]);
    });
  }

  const defaults: EmailPermissionPreferences = {
    welcomeEmails: true,
    stampNotifications: true,
    rewardNotifications: true,
    dailyChaska: true,
    hourlyChaska: false,
    vendorUpdates: true,
    marketingEmails: false,
    securityAlerts: true,
    frequency: 'immediate',
    unsubscribed: false,
  };

  it('reads as SPEC.md says for the section 9 defaults', () => {
    expect(canSendEmail(defaults, 'welcome')).toBe(true);
    expect(canSendEmail(defaults, 'stamp')).toBe(true);
    expect(canSendEmail(defaults, 'hourly_chaska')).toBe(false);
    expect(canSendEmail(defaults, 'marketing')).toBe(false);
    expect(canSendEmail(defaults, 'security')).toBe(true);
  });

  it('denies every notification without preferences but still sends security alerts', () => {
    expect(canSendEmail(null, 'stamp')).toBe(false);
    expect(canSendEmail(null, 'welcome')).toBe(false);
    expect(canSendEmail(null, 'security')).toBe(true);
  });

  it('refuses even security alerts once unsubscribed, but never the answer to a request', () => {
    const unsubscribed = { ...defaults, unsubscribed: true };
    expect(canSendEmail(unsubscribed, 'security')).toBe(false);
    expect(canSendEmail(unsubscribed, 'vendor_rejected')).toBe(false);
    expect(canSendEmail(unsubscribed, 'stamp')).toBe(false);
    expect(canSendEmail(unsubscribed, 'password_reset')).toBe(true);
    expect(canSendEmail(unsubscribed, 'verification')).toBe(true);
  });

  it('ignores the security_alerts column: the alerts are always on', () => {
    expect(canSendEmail({ ...defaults, securityAlerts: false }, 'security')).toBe(true);
  });

  it('sends only security alerts with frequency "never"', () => {
    const never = { ...defaults, frequency: 'never' };
    expect(EMAIL_TYPES.filter((type) => canSendEmail(never, type)).sort()).toEqual(
      EMAIL_TYPES.filter((type) => EXPECTED[type] === 'requested' || EXPECTED[type] === 'security').sort(),
    );
  });
});

describe('deliveryScheduleFor', () => {
  const base: EmailPermissionPreferences = {
    welcomeEmails: true,
    stampNotifications: true,
    rewardNotifications: true,
    dailyChaska: true,
    hourlyChaska: true,
    vendorUpdates: true,
    marketingEmails: true,
    securityAlerts: true,
    frequency: 'daily',
    unsubscribed: false,
  };

  it('bundles notifications for daily and weekly users and nothing else', () => {
    expect(deliveryScheduleFor(base, 'stamp')).toBe('daily');
    expect(deliveryScheduleFor({ ...base, frequency: 'weekly' }, 'marketing')).toBe('weekly');
    expect(deliveryScheduleFor({ ...base, frequency: 'immediate' }, 'stamp')).toBe('immediate');
    expect(deliveryScheduleFor(null, 'stamp')).toBe('immediate');
  });

  it('never holds back security alerts, requested e-mails or the digest itself', () => {
    for (const type of EMAIL_TYPES) {
      const held = !['requested', 'security', 'digest', 'report'].includes(EXPECTED[type]);
      expect(deliveryScheduleFor(base, type), type).toBe(held ? 'daily' : 'immediate');
    }
  });

  it('marks exactly the requested and security types as security e-mails (no unsubscribe link)', () => {
    for (const type of EMAIL_TYPES) {
      expect(isSecurityEmail(type), type).toBe(EXPECTED[type] === 'requested' || EXPECTED[type] === 'security');
    }
  });
});

describe('canSendOn: push (decision 043), WhatsApp and SMS (decision 081)', () => {
  const allOn = Object.fromEntries(
    OTHER_CHANNELS.flatMap((channel) => Object.values(CHANNEL_FLAGS[channel]).map((flag) => [flag, true])),
  ) as ChannelPermissionPreferences;

  it('follows the toggle of the category each notice belongs to, on its channel, and nothing else', () => {
    expect(canSendOn('push', allOn, 'stamp')).toBe(true);
    expect(canSendOn('push', { ...allOn, pushStampNotifications: false }, 'stamp')).toBe(false);
    expect(canSendOn('push', { ...allOn, pushStampNotifications: false }, 'reward')).toBe(true);
    expect(canSendOn('push', { ...allOn, pushRewardNotifications: false }, 'reward')).toBe(false);
    expect(canSendOn('push', { ...allOn, pushDailyChaska: false }, 'daily_chaska')).toBe(false);
    expect(canSendOn('push', { ...allOn, pushVendorUpdates: false }, 'vendor_message')).toBe(false);
    expect(canSendOn('whatsapp', { ...allOn, whatsappStampNotifications: false }, 'stamp')).toBe(false);
    expect(canSendOn('whatsapp', { ...allOn, smsStampNotifications: false }, 'stamp')).toBe(true);
    expect(canSendOn('sms', { ...allOn, smsRewardNotifications: false }, 'reward')).toBe(false);
    expect(canSendOn('sms', { ...allOn, whatsappRewardNotifications: false }, 'reward')).toBe(true);
  });

  it('ignores the e-mail toggles, frequency and unsubscribe: those are about e-mails', () => {
    const emailOff = { ...allOn, stampNotifications: false, frequency: 'never', unsubscribed: true };
    for (const channel of OTHER_CHANNELS) expect(canSendOn(channel, emailOff, 'stamp'), channel).toBe(true);
  });

  it('sends nothing to a person without preferences', () => {
    for (const channel of OTHER_CHANNELS)
      for (const type of PUSH_TYPES) expect(canSendOn(channel, null, type), `${channel} ${type}`).toBe(false);
  });
});
