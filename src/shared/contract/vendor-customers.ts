import type {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customersSummarySchema,
  messageCustomerResultSchema,
  messageCustomerSchema,
} from '@shared/customers/vendor-customers';
import type { ApiRoute } from './route';

/** The vendor's customers: list, summary, one customer, a message (the CSV export is a file). Import it as a namespace: `import * as vendorCustomersApi from '@shared/contract/vendor-customers'`. */

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
