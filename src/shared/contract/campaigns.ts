import type {
  campaignAudienceQuerySchema,
  campaignAudienceSchema,
  campaignListSchema,
  campaignSchema,
  createCampaignSchema,
} from '@shared/campaigns/campaigns';
import type { ApiRoute } from './route';

/** The vendor's campaigns (decision 045): list, audience count, create, cancel (the tracked link is a redirect). Import it as a namespace: `import * as campaignsApi from '@shared/contract/campaigns'`. */

export const list: ApiRoute<'GET', '/api/vendor/campaigns', { response: typeof campaignListSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/campaigns',
};

export const audience: ApiRoute<
  'GET',
  '/api/vendor/campaigns/audience',
  { query: typeof campaignAudienceQuerySchema; response: typeof campaignAudienceSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/campaigns/audience',
};

export const create: ApiRoute<
  'POST',
  '/api/vendor/campaigns',
  { body: typeof createCampaignSchema; response: typeof campaignSchema },
  201
> = {
  method: 'POST',
  path: '/api/vendor/campaigns',
};

export const cancel: ApiRoute<
  'POST',
  '/api/vendor/campaigns/:campaignId/cancel',
  { response: typeof campaignSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/campaigns/:campaignId/cancel',
};
