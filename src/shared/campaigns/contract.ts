import type { ApiRoute } from '@shared/api-route';
import type {
  automationSettingSchema,
  automationsOverviewSchema,
  saveAutomationSchema,
} from '@shared/campaigns/automations';
import type {
  campaignAudienceQuerySchema,
  campaignAudienceSchema,
  campaignListSchema,
  campaignSchema,
  createCampaignSchema,
} from '@shared/campaigns/campaigns';

/** The campaigns domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

/** Vendor members: the four automations, their texts and whether the plan has them. */
export const automations: ApiRoute<
  'GET',
  '/api/vendor/automations',
  { response: typeof automationsOverviewSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/automations',
};

/** The owner: switch one automation on or off and save its text, bonus stamp and days. */
export const save: ApiRoute<
  'PUT',
  '/api/vendor/automations/:kind',
  { body: typeof saveAutomationSchema; response: typeof automationSettingSchema },
  200
> = { method: 'PUT', path: '/api/vendor/automations/:kind' };

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
