import { z } from 'zod';

/**
 * Referrals (issue 17, decision 038): a customer shares a card with a referral code; a friend
 * who is new to the vendor claims it and, at their first stamp there, both get a bonus stamp.
 */

export { REFERRAL_PARAM } from './referral-param';

/** 16 random bytes in base64url: 22 characters, 128 bits, not guessable nor enumerable. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A referrer earns at most this many bonus stamps at one vendor per Pakistan month. */
export const REFERRER_BONUSES_PER_MONTH = 5;

/** Claims (right or wrong code) one account may try per hour: no walking the code space. */
export const REFERRAL_CLAIMS_PER_HOUR = 10;

/**
 * What a stamp row is: a visit at the counter, another stamp of the same visit (an order for
 * several: the visit's own row counts them), a bonus the product gave (not a visit), or a stamp
 * the card began with (its head start, decision 085: progress and analytics, never the plan's month).
 */
export const STAMP_KINDS = ['visit', 'same_visit', 'referral_bonus', 'automation_bonus', 'head_start'] as const;
export type StampKind = (typeof STAMP_KINDS)[number];

/** Where a referral stands. */
export const REFERRAL_STATUSES = ['pending', 'rewarded', 'refused'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const referralInviteRequestSchema = z.object({
  cardId: z.uuid({ error: 'Please choose one of your loyalty cards.' }),
});

export const referralInviteSchema = z.object({
  code: z.string(),
  /** The vendor page at the card, with the code: the address to share. */
  path: z.string(),
  cardName: z.string(),
  vendorName: z.string(),
});
export type ReferralInvite = z.infer<typeof referralInviteSchema>;

export const referralCodeSchema = z
  .string({ error: 'A referral code is required.' })
  .trim()
  .regex(REFERRAL_CODE_PATTERN, 'This is not a referral code.');

export const referralClaimRequestSchema = z.object({ code: referralCodeSchema });

export const referralClaimSchema = z.object({
  vendorName: z.string(),
  message: z.string(),
});
export type ReferralClaim = z.infer<typeof referralClaimSchema>;

export const referralSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Say true or false.' }),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

/** The vendor's referral panel: the switch and what referrals brought. */
export const vendorReferralSummarySchema = z.object({
  enabled: z.boolean(),
  pending: z.number(),
  rewarded: z.number(),
  bonusStamps: z.number(),
});
export type VendorReferralSummary = z.infer<typeof vendorReferralSummarySchema>;
