import { describe, expect, it } from 'vitest';
import {
  isRewardExpired,
  rewardDisplayStatus,
  rewardExpiresAt,
  rewardLastDay,
  rewardReminderAt,
} from './reward-expiry';

describe('reward expiry in Pakistan time', () => {
  it('runs to the end of the Pakistan day N days after the reward was earned, whatever the hour', () => {
    // 23:59 and 00:01 Pakistan time (18:59 and 19:01 UTC) fall on two Pakistan days.
    const lateEvening = new Date('2026-03-10T18:59:00.000Z');
    const justAfterMidnight = new Date('2026-03-10T19:01:00.000Z');
    expect(rewardExpiresAt(lateEvening, 7)).toEqual(new Date('2026-03-17T19:00:00.000Z'));
    expect(rewardLastDay(rewardExpiresAt(lateEvening, 7))).toBe('2026-03-17');
    expect(rewardExpiresAt(justAfterMidnight, 7)).toEqual(new Date('2026-03-18T19:00:00.000Z'));
    expect(rewardLastDay(rewardExpiresAt(justAfterMidnight, 7))).toBe('2026-03-18');
  });

  it('expires at Pakistan midnight: redeemable at 23:59 of its last day, expired at 00:00', () => {
    const reward = { status: 'earned', expiresAt: rewardExpiresAt(new Date('2026-03-10T07:00:00.000Z'), 1) };
    expect(isRewardExpired(reward, new Date('2026-03-11T18:59:59.000Z'))).toBe(false);
    expect(isRewardExpired(reward, new Date('2026-03-11T19:00:00.000Z'))).toBe(true);
    expect(rewardDisplayStatus(reward, new Date('2026-03-11T19:00:00.000Z'))).toBe('expired');
    expect(rewardDisplayStatus({ ...reward, status: 'redeemed' }, new Date('2026-03-12T00:00:00.000Z'))).toBe(
      'redeemed',
    );
    expect(isRewardExpired({ status: 'earned', expiresAt: null }, new Date('2030-01-01'))).toBe(false);
  });

  it('reminds at 10:00 Pakistan time 7 days and 1 day before the end, never before it was earned', () => {
    const earnedAt = new Date('2026-03-10T07:00:00.000Z');
    const expiresAt = rewardExpiresAt(earnedAt, 30);
    expect(rewardReminderAt(earnedAt, expiresAt, 7)).toEqual(new Date('2026-04-03T05:00:00.000Z'));
    expect(rewardReminderAt(earnedAt, expiresAt, 1)).toEqual(new Date('2026-04-09T05:00:00.000Z'));
    const short = rewardExpiresAt(earnedAt, 3);
    expect(rewardReminderAt(earnedAt, short, 7)).toBeNull();
    expect(rewardReminderAt(earnedAt, short, 1)).toEqual(new Date('2026-03-13T05:00:00.000Z'));
  });
});
