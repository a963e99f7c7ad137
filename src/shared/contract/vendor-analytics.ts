import type { analyticsQuerySchema, vendorAnalyticsSchema } from '@shared/vendor-analytics';
import { route } from './route';

/** The vendor's analytics (the CSV, PDF and printable report are files under the same address). */
export const vendorAnalyticsApi = {
  analytics: route<{ query: typeof analyticsQuerySchema; response: typeof vendorAnalyticsSchema }>()(
    'GET',
    '/api/vendor/analytics',
  ),
};
