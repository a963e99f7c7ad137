import type { customerDashboardSchema, sampleCardsResultSchema } from '@shared/customers/customer';
import type { ApiRoute } from './route';

/** The customer's /user dashboard and demo-mode sample cards. Import it as a namespace: `import * as customerApi from '@shared/contract/customer'`. */

export const dashboard: ApiRoute<'GET', '/api/customer/dashboard', { response: typeof customerDashboardSchema }, 200> =
  {
    method: 'GET',
    path: '/api/customer/dashboard',
  };

export const addSampleCards: ApiRoute<
  'POST',
  '/api/customer/sample-cards',
  { response: typeof sampleCardsResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/customer/sample-cards',
};
