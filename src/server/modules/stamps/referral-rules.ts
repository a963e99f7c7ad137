import { REFERRER_BONUSES_PER_MONTH } from '@shared/stamps/referrals';

/**
 * The rules of a referral (decision 038), without the database: what the claim and the first
 * stamp both ask, so they answer the same way.
 */

/** Why a friend cannot take a referral, or null when they can. */
export type ReferralRefusal =
  'referrals_off' | 'self_account' | 'self_device' | 'self_phone' | 'not_new_customer' | 'already_referred';

export interface ReferralFacts {
  referralsEnabled: boolean;
  referrerUserId: string;
  friendUserId: string;
  referrerPhone: string | null;
  friendPhone: string | null;
  /** The two accounts were seen on one browser (device-cookie.ts). */
  sharedDevice: boolean;
  /** The friend has a visit stamp at the vendor from before the claim. */
  friendHasVisited: boolean;
}

/**
 * A phone number as a comparable key: its last ten digits ("0300-1234567" and "+92 300 1234567"
 * are one number). Too short to be a mobile number means none.
 */
export function phoneKey(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** The first rule that refuses, in the order a person would explain it. */
export function referralRefusal(facts: ReferralFacts): ReferralRefusal | null {
  if (!facts.referralsEnabled) return 'referrals_off';
  if (facts.referrerUserId === facts.friendUserId) return 'self_account';
  if (facts.sharedDevice) return 'self_device';
  const referrerPhone = phoneKey(facts.referrerPhone);
  if (referrerPhone !== null && referrerPhone === phoneKey(facts.friendPhone)) return 'self_phone';
  if (facts.friendHasVisited) return 'not_new_customer';
  return null;
}

/** The referrer's side pays out while they are under the monthly cap at this vendor. */
export function referrerMayEarn(bonusesThisMonth: number): boolean {
  return bonusesThisMonth < REFERRER_BONUSES_PER_MONTH;
}
