import type { ApiRoute } from '@shared/api-route';
import type {
  chooseRewardRequestSchema,
  customerRewardSchema,
  redeemedRewardSchema,
  rewardCodeLookupSchema,
  rewardCodeRequestSchema,
} from '@shared/rewards/rewards';
import type { rotatingCodeSchema } from '@shared/stamps/stamps';

/** The rewards domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

export const reward: ApiRoute<'GET', '/api/rewards/:rewardId', { response: typeof customerRewardSchema }, 200> = {
  method: 'GET',
  path: '/api/rewards/:rewardId',
};

export const redemptionCode: ApiRoute<
  'POST',
  '/api/rewards/:rewardId/redemption-code',
  { response: typeof rotatingCodeSchema },
  200
> = {
  method: 'POST',
  path: '/api/rewards/:rewardId/redemption-code',
};

export const lookupRewardCode: ApiRoute<
  'POST',
  '/api/vendor/rewards/lookup',
  { body: typeof rewardCodeRequestSchema; response: typeof rewardCodeLookupSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/rewards/lookup',
};

export const redeemReward: ApiRoute<
  'POST',
  '/api/vendor/rewards/redeem',
  { body: typeof rewardCodeRequestSchema; response: typeof redeemedRewardSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/rewards/redeem',
};

export const chooseReward: ApiRoute<
  'POST',
  '/api/rewards/choose',
  { body: typeof chooseRewardRequestSchema; response: typeof customerRewardSchema },
  200
> = {
  method: 'POST',
  path: '/api/rewards/choose',
};
