import type { analyticsQuerySchema, vendorAnalyticsSchema } from '@shared/analytics/vendor-analytics';
import type { ApiRoute } from './route';

/** The vendor's analytics (the CSV, PDF and printable report are files under the same address). Import it as a namespace: `import * as vendorAnalyticsApi from '@shared/contract/vendor-analytics'`. */

export const analytics: ApiRoute<
  'GET',
  '/api/vendor/analytics',
  { query: typeof analyticsQuerySchema; response: typeof vendorAnalyticsSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/analytics',
};
