import type {
  referralClaimRequestSchema,
  referralClaimSchema,
  referralInviteRequestSchema,
  referralInviteSchema,
  referralSettingsSchema,
  vendorReferralSummarySchema,
} from '@shared/stamps/referrals';
import type { ApiRoute } from './route';

/** Referrals (decision 038). Import it as a namespace: `import * as referralsApi from '@shared/contract/referrals'`. */

/** Customer: the invitation (code and address) to share for one of their cards. */
export const invite: ApiRoute<
  'POST',
  '/api/referrals/invites',
  { body: typeof referralInviteRequestSchema; response: typeof referralInviteSchema },
  200
> = { method: 'POST', path: '/api/referrals/invites' };

/** Customer (the friend): accept a referral code. */
export const claim: ApiRoute<
  'POST',
  '/api/referrals/claim',
  { body: typeof referralClaimRequestSchema; response: typeof referralClaimSchema },
  200
> = { method: 'POST', path: '/api/referrals/claim' };

/** Vendor staff: the referral panel. */
export const vendorSummary: ApiRoute<
  'GET',
  '/api/vendor/referrals',
  { response: typeof vendorReferralSummarySchema },
  200
> = { method: 'GET', path: '/api/vendor/referrals' };

/** Vendor owner: switch referral bonuses on or off. */
export const updateSettings: ApiRoute<
  'PUT',
  '/api/vendor/referrals',
  { body: typeof referralSettingsSchema; response: typeof vendorReferralSummarySchema },
  200
> = { method: 'PUT', path: '/api/vendor/referrals' };
