import type { ApiRoute } from '@shared/api-route';
import type { customerDashboardSchema, sampleCardsResultSchema } from '@shared/customers/customer';
import type {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customersSummarySchema,
  messageCustomerResultSchema,
  messageCustomerSchema,
} from '@shared/customers/vendor-customers';

/** The customers domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

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

export const list: ApiRoute<
  'GET',
  '/api/vendor/customers',
  { query: typeof customerListQuerySchema; response: typeof customerListSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/customers',
};

export const summary: ApiRoute<
  'GET',
  '/api/vendor/customers/summary',
  { response: typeof customersSummarySchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/customers/summary',
};

export const detail: ApiRoute<'GET', '/api/vendor/customers/:userId', { response: typeof customerDetailSchema }, 200> =
  {
    method: 'GET',
    path: '/api/vendor/customers/:userId',
  };

export const message: ApiRoute<
  'POST',
  '/api/vendor/customers/:userId/message',
  { body: typeof messageCustomerSchema; response: typeof messageCustomerResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/customers/:userId/message',
};
