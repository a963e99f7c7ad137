import { describe, expect, it } from 'vitest';
import { REFERRER_BONUSES_PER_MONTH } from '@shared/stamps/referrals';
import { phoneKey, referralRefusal, referrerMayEarn, type ReferralFacts } from './referral-rules';

const fair: ReferralFacts = {
  referralsEnabled: true,
  referrerUserId: 'ayesha',
  friendUserId: 'bilal',
  referrerPhone: '0300-1234567',
  friendPhone: '0321-7654321',
  sharedDevice: false,
  friendHasVisited: false,
};

describe('referral rules', () => {
  it('lets a new friend on another account, device and phone take a referral', () => {
    expect(referralRefusal(fair)).toBeNull();
  });

  it('refuses when the vendor switched referrals off', () => {
    expect(referralRefusal({ ...fair, referralsEnabled: false })).toBe('referrals_off');
  });

  it('refuses the same account, the same device and the same phone', () => {
    expect(referralRefusal({ ...fair, friendUserId: 'ayesha' })).toBe('self_account');
    expect(referralRefusal({ ...fair, sharedDevice: true })).toBe('self_device');
    expect(referralRefusal({ ...fair, friendPhone: '+92 300 1234567' })).toBe('self_phone');
  });

  it('does not take two missing phones for one phone', () => {
    expect(referralRefusal({ ...fair, referrerPhone: null, friendPhone: null })).toBeNull();
    expect(referralRefusal({ ...fair, referrerPhone: '', friendPhone: '123' })).toBeNull();
  });

  it('refuses a friend who already visited the vendor', () => {
    expect(referralRefusal({ ...fair, friendHasVisited: true })).toBe('not_new_customer');
  });

  it('compares phone numbers by their last ten digits', () => {
    expect(phoneKey('0300 1234567')).toBe('3001234567');
    expect(phoneKey('+923001234567')).toBe('3001234567');
    expect(phoneKey('12345')).toBeNull();
    expect(phoneKey(null)).toBeNull();
  });

  it('caps the referrer at a few bonuses a month per vendor', () => {
    expect(referrerMayEarn(REFERRER_BONUSES_PER_MONTH - 1)).toBe(true);
    expect(referrerMayEarn(REFERRER_BONUSES_PER_MONTH)).toBe(false);
  });
});
