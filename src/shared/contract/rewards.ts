import type {
  customerRewardSchema,
  redeemedRewardSchema,
  rewardCodeLookupSchema,
  rewardCodeRequestSchema,
} from '@shared/rewards';
import type { rotatingCodeSchema } from '@shared/stamps';
import { route } from './route';

/** Rewards: the customer's reward and its live code, and staff confirming a code. */
export const rewardsApi = {
  reward: route<{ response: typeof customerRewardSchema }>()('GET', '/api/rewards/:rewardId'),
  redemptionCode: route<{ response: typeof rotatingCodeSchema }>()('POST', '/api/rewards/:rewardId/redemption-code'),
  lookupRewardCode: route<{ body: typeof rewardCodeRequestSchema; response: typeof rewardCodeLookupSchema }>()(
    'POST',
    '/api/vendor/rewards/lookup',
  ),
  redeemReward: route<{ body: typeof rewardCodeRequestSchema; response: typeof redeemedRewardSchema }>()(
    'POST',
    '/api/vendor/rewards/redeem',
  ),
};
