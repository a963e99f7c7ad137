import {
  addPakistanDays,
  formatLongDate,
  pakistanDateKey,
  pakistanInstant,
  startOfPakistanDay,
} from '@shared/pakistan-time';

/*
 * Reward expiry (issue 17): a card may say its rewards expire N days after they are earned. The
 * one home of when a reward expires, whether it has, and when its reminders go out.
 */

export const MAX_REWARD_EXPIRY_DAYS = 365;
/** Reminders go out this many days before the reward's last day ends. */
export const REWARD_EXPIRY_REMINDER_DAYS = [7, 1] as const;
export type RewardExpiryReminder = (typeof REWARD_EXPIRY_REMINDER_DAYS)[number];
/** A reminder goes out at this hour, Pakistan time. */
export const REWARD_REMINDER_HOUR = 10;

/**
 * A reward earned at `earnedAt` on a card whose rewards last `days` days is good until the end of
 * the Pakistan day `days` days later: earned on the 1st with 7 days, it may be redeemed until
 * 23:59 on the 8th, Pakistan time, whatever the hour it was earned.
 */
export function rewardExpiresAt(earnedAt: Date, days: number): Date {
  return startOfPakistanDay(addPakistanDays(startOfPakistanDay(earnedAt), days + 1));
}

/** The reward's last day (YYYY-MM-DD, Pakistan): what the customer is shown as "Expires …". */
export function rewardLastDay(expiresAt: Date): string {
  return pakistanDateKey(addPakistanDays(expiresAt, -1));
}

/** The last day as people read it: "17 March 2026" (Pakistan time). */
export function formatRewardLastDay(expiresAt: Date | string): string {
  return formatLongDate(new Date(new Date(expiresAt).getTime() - 1));
}

/** Unredeemed and past its expiry: it can no longer be redeemed. */
export function isRewardExpired(reward: { status: string; expiresAt: Date | string | null }, now: Date): boolean {
  return (
    reward.status === 'earned' && reward.expiresAt !== null && new Date(reward.expiresAt).getTime() <= now.getTime()
  );
}

/**
 * What the customer and the vendor see of a reward: its stored status, or expired (derived, never
 * stored). Withdrawn is a reward the shop took back with reversed stamps (decision 086).
 */
export const REWARD_DISPLAY_STATUSES = ['earned', 'redeemed', 'expired', 'withdrawn'] as const;
export type RewardDisplayStatus = (typeof REWARD_DISPLAY_STATUSES)[number];

/** What the customer and the vendor see: earned, redeemed, expired or withdrawn. */
export function rewardDisplayStatus(
  reward: { status: string; expiresAt: Date | string | null },
  now: Date,
): RewardDisplayStatus {
  if (reward.status === 'redeemed') return 'redeemed';
  if (reward.status === 'withdrawn') return 'withdrawn';
  return isRewardExpired(reward, now) ? 'expired' : 'earned';
}

/**
 * When the reminder `daysBefore` the end goes out: REWARD_REMINDER_HOUR on the day `daysBefore`
 * days before the reward expires (the 1-day reminder on its last day, the 7-day one a week
 * earlier). Null when that moment is not after the reward was earned (a reward that lasts less
 * than a week gets no 7-day reminder).
 */
export function rewardReminderAt(earnedAt: Date, expiresAt: Date, daysBefore: number): Date | null {
  const at = pakistanInstant(pakistanDateKey(addPakistanDays(expiresAt, -daysBefore)), REWARD_REMINDER_HOUR);
  return at.getTime() > earnedAt.getTime() ? at : null;
}
