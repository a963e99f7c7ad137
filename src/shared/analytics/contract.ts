import type { adminAnalyticsQuerySchema, adminAnalyticsSchema } from '@shared/analytics/admin-analytics';
import type {
  analyticsQuerySchema,
  averageSpendSchema,
  vendorAnalyticsSchema,
} from '@shared/analytics/vendor-analytics';
import type {
  healthQuerySchema,
  monthBillsSchema,
  monthlyReportChannelSchema,
  monthlyReportSettingsSchema,
  programmeHealthSchema,
} from '@shared/analytics/programme-health';
import type { ApiRoute } from '@shared/api-route';

/** The analytics domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

// Analytics
export const platformAnalytics: ApiRoute<
  'GET',
  '/api/admin/analytics',
  { query: typeof adminAnalyticsQuerySchema; response: typeof adminAnalyticsSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/analytics',
};

export const analytics: ApiRoute<
  'GET',
  '/api/vendor/analytics',
  { query: typeof analyticsQuerySchema; response: typeof vendorAnalyticsSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/analytics',
};

/** The owner: what a customer spends on a visit, in rupees (null: forget it), for the rupees of a lift (decision 083). */
export const averageSpend: ApiRoute<
  'PUT',
  '/api/vendor/analytics/average-spend',
  { body: typeof averageSpendSchema; response: typeof averageSpendSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/analytics/average-spend',
};

/** Programme health of a range, a card and a branch (decision 090). */
export const programmeHealth: ApiRoute<
  'GET',
  '/api/vendor/analytics/health',
  { query: typeof healthQuerySchema; response: typeof programmeHealthSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/analytics/health',
};

/** The owner: the bills of a month, for the programme's penetration (decision 090). */
export const monthBills: ApiRoute<
  'PUT',
  '/api/vendor/analytics/bills',
  { body: typeof monthBillsSchema; response: typeof monthBillsSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/analytics/bills',
};

/** The owner: how the monthly report comes (decision 090). */
export const monthlyReportSettings: ApiRoute<
  'GET',
  '/api/vendor/analytics/monthly-report',
  { response: typeof monthlyReportSettingsSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/analytics/monthly-report',
};

/** The owner chooses the monthly report's channel: e-mail, WhatsApp or off (decision 090). */
export const saveMonthlyReportChannel: ApiRoute<
  'PUT',
  '/api/vendor/analytics/monthly-report',
  { body: typeof monthlyReportChannelSchema; response: typeof monthlyReportSettingsSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/analytics/monthly-report',
};
