import type {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customersSummarySchema,
  messageCustomerResultSchema,
  messageCustomerSchema,
} from '@shared/vendor-customers';
import { route } from './route';

/** The vendor's customers: list, summary, one customer, a message (the CSV export is a file). */
export const vendorCustomersApi = {
  list: route<{ query: typeof customerListQuerySchema; response: typeof customerListSchema }>()(
    'GET',
    '/api/vendor/customers',
  ),
  summary: route<{ response: typeof customersSummarySchema }>()('GET', '/api/vendor/customers/summary'),
  detail: route<{ response: typeof customerDetailSchema }>()('GET', '/api/vendor/customers/:userId'),
  message: route<{ body: typeof messageCustomerSchema; response: typeof messageCustomerResultSchema }>()(
    'POST',
    '/api/vendor/customers/:userId/message',
  ),
};
