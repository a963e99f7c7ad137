import type {
  automationSettingSchema,
  automationsOverviewSchema,
  saveAutomationSchema,
} from '@shared/campaigns/automations';
import type { ApiRoute } from './route';

/** The vendor's automations (decision 044). Import it as a namespace: `import * as automationsApi from '@shared/contract/automations'`. */

/** Vendor members: the four automations, their texts and whether the plan has them. */
export const list: ApiRoute<'GET', '/api/vendor/automations', { response: typeof automationsOverviewSchema }, 200> = {
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
