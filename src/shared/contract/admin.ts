import type { adminAnalyticsQuerySchema, adminAnalyticsSchema } from '@shared/analytics/admin-analytics';
import type {
  adminCardPageSchema,
  cardListQuerySchema,
  exclusivesQuerySchema,
  featuredOrderSchema,
  featuredPlaceSchema,
  moderateCardSchema,
  moderatedCardSchema,
  moveFeaturedSchema,
} from '@shared/cards/admin-cards';
import type {
  activityListSchema,
  activityQuerySchema,
  createDailyChaskaSchema,
  createdCardSchema,
  platformStatsSchema,
  systemHealthSchema,
  topVendorListSchema,
  vendorOptionListSchema,
  vendorOptionsQuerySchema,
} from '@shared/platform/admin-dashboard';
import type { emailLogPageSchema, emailLogQuerySchema } from '@shared/notifications/admin-emails';
import type {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  integrationsSchema,
  webhookDeliveryListSchema,
} from '@shared/api/admin-integrations';
import type { saveSeoPageSchema, seoPageListSchema, seoPageSchema, seoPathQuerySchema } from '@shared/seo/admin-seo';
import type { adminTextListSchema, textOverrideBodySchema, textsQuerySchema } from '@shared/platform/admin-texts';
import type {
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  userListQuerySchema,
} from '@shared/accounts/admin-users';
import type {
  adminVendorDetailSchema,
  adminVendorEditSchema,
  adminVendorPageSchema,
  inviteVendorResultSchema,
  inviteVendorSchema,
  pendingApplicationListSchema,
  rejectVendorSchema,
  reviewedVendorSchema,
  suspendVendorSchema,
  vendorListQuerySchema,
  vendorSummarySchema,
} from '@shared/vendors/admin-vendors';
import type { okSchema } from '@shared/ok';
import type { outboxPageSchema, outboxQuerySchema } from '@shared/notifications/outbox';
import type { ApiRoute } from './route';

/** The admin area's API, every route behind the admin guard. Import it as a namespace: `import * as adminApi from '@shared/contract/admin'`. */

// Dashboard
export const stats: ApiRoute<'GET', '/api/admin/stats', { response: typeof platformStatsSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/stats',
};

export const activity: ApiRoute<
  'GET',
  '/api/admin/activity',
  { query: typeof activityQuerySchema; response: typeof activityListSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/activity',
};

export const topVendors: ApiRoute<'GET', '/api/admin/top-vendors', { response: typeof topVendorListSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/top-vendors',
};

export const systemHealth: ApiRoute<'GET', '/api/admin/system-health', { response: typeof systemHealthSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/system-health',
};

export const vendorOptions: ApiRoute<
  'GET',
  '/api/admin/vendor-options',
  { query: typeof vendorOptionsQuerySchema; response: typeof vendorOptionListSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/vendor-options',
};

export const createDailyChaska: ApiRoute<
  'POST',
  '/api/admin/daily-chaska',
  { body: typeof createDailyChaskaSchema; response: typeof createdCardSchema },
  201
> = {
  method: 'POST',
  path: '/api/admin/daily-chaska',
};

// Analytics
export const analytics: ApiRoute<
  'GET',
  '/api/admin/analytics',
  { query: typeof adminAnalyticsQuerySchema; response: typeof adminAnalyticsSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/analytics',
};

// Vendors
export const vendorApplications: ApiRoute<
  'GET',
  '/api/admin/vendor-applications',
  { response: typeof pendingApplicationListSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/vendor-applications',
};

export const approveVendor: ApiRoute<
  'POST',
  '/api/admin/vendors/:id/approve',
  { response: typeof reviewedVendorSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/vendors/:id/approve',
};

export const rejectVendor: ApiRoute<
  'POST',
  '/api/admin/vendors/:id/reject',
  { body: typeof rejectVendorSchema; response: typeof reviewedVendorSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/vendors/:id/reject',
};

export const vendors: ApiRoute<
  'GET',
  '/api/admin/vendors',
  { query: typeof vendorListQuerySchema; response: typeof adminVendorPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/vendors',
};

export const vendorSummary: ApiRoute<
  'GET',
  '/api/admin/vendors/summary',
  { response: typeof vendorSummarySchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/vendors/summary',
};

export const vendor: ApiRoute<'GET', '/api/admin/vendors/:id', { response: typeof adminVendorDetailSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/vendors/:id',
};

export const updateVendor: ApiRoute<
  'PATCH',
  '/api/admin/vendors/:id',
  { body: typeof adminVendorEditSchema; response: typeof adminVendorDetailSchema },
  200
> = {
  method: 'PATCH',
  path: '/api/admin/vendors/:id',
};

export const suspendVendor: ApiRoute<
  'POST',
  '/api/admin/vendors/:id/suspend',
  { body: typeof suspendVendorSchema; response: typeof reviewedVendorSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/vendors/:id/suspend',
};

export const unsuspendVendor: ApiRoute<
  'POST',
  '/api/admin/vendors/:id/unsuspend',
  { response: typeof reviewedVendorSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/vendors/:id/unsuspend',
};

export const inviteVendor: ApiRoute<
  'POST',
  '/api/admin/vendor-invitations',
  { body: typeof inviteVendorSchema; response: typeof inviteVendorResultSchema },
  201
> = {
  method: 'POST',
  path: '/api/admin/vendor-invitations',
};

// Users
export const users: ApiRoute<
  'GET',
  '/api/admin/users',
  { query: typeof userListQuerySchema; response: typeof adminUserPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/users',
};

export const user: ApiRoute<'GET', '/api/admin/users/:id', { response: typeof adminUserDetailSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/users/:id',
};

export const disableUser: ApiRoute<
  'POST',
  '/api/admin/users/:id/disable',
  { response: typeof adminUserChangeSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/users/:id/disable',
};

export const enableUser: ApiRoute<
  'POST',
  '/api/admin/users/:id/enable',
  { response: typeof adminUserChangeSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/users/:id/enable',
};

export const grantAdmin: ApiRoute<
  'POST',
  '/api/admin/users/:id/admin',
  { response: typeof adminUserChangeSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/users/:id/admin',
};

export const revokeAdmin: ApiRoute<
  'DELETE',
  '/api/admin/users/:id/admin',
  { response: typeof adminUserChangeSchema },
  200
> = {
  method: 'DELETE',
  path: '/api/admin/users/:id/admin',
};

// Cards and exclusives
export const cards: ApiRoute<
  'GET',
  '/api/admin/cards',
  { query: typeof cardListQuerySchema; response: typeof adminCardPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/cards',
};

export const pauseCard: ApiRoute<
  'POST',
  '/api/admin/cards/:id/pause',
  { body: typeof moderateCardSchema; response: typeof moderatedCardSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/cards/:id/pause',
};

export const removeCard: ApiRoute<
  'POST',
  '/api/admin/cards/:id/remove',
  { body: typeof moderateCardSchema; response: typeof moderatedCardSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/cards/:id/remove',
};

export const restoreCard: ApiRoute<
  'POST',
  '/api/admin/cards/:id/restore',
  { response: typeof moderatedCardSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/cards/:id/restore',
};

export const exclusives: ApiRoute<
  'GET',
  '/api/admin/exclusives',
  { query: typeof exclusivesQuerySchema; response: typeof adminCardPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/exclusives',
};

export const setFeaturedOrder: ApiRoute<
  'PUT',
  '/api/admin/cards/:id/featured-order',
  { body: typeof featuredOrderSchema; response: typeof featuredPlaceSchema },
  200
> = {
  method: 'PUT',
  path: '/api/admin/cards/:id/featured-order',
};

export const moveFeatured: ApiRoute<
  'POST',
  '/api/admin/cards/:id/move',
  { body: typeof moveFeaturedSchema; response: typeof featuredPlaceSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/cards/:id/move',
};

// SEO and texts
export const seoPages: ApiRoute<'GET', '/api/admin/seo/pages', { response: typeof seoPageListSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/seo/pages',
};

export const saveSeoPage: ApiRoute<
  'PUT',
  '/api/admin/seo/pages',
  { body: typeof saveSeoPageSchema; response: typeof seoPageSchema },
  200
> = {
  method: 'PUT',
  path: '/api/admin/seo/pages',
};

export const resetSeoPage: ApiRoute<
  'DELETE',
  '/api/admin/seo/pages',
  { query: typeof seoPathQuerySchema; response: typeof okSchema },
  200
> = {
  method: 'DELETE',
  path: '/api/admin/seo/pages',
};

export const texts: ApiRoute<
  'GET',
  '/api/admin/texts',
  { query: typeof textsQuerySchema; response: typeof adminTextListSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/texts',
};

export const saveText: ApiRoute<
  'PUT',
  '/api/admin/texts/:language/:key',
  { body: typeof textOverrideBodySchema; response: typeof okSchema },
  200
> = {
  method: 'PUT',
  path: '/api/admin/texts/:language/:key',
};

export const resetText: ApiRoute<'DELETE', '/api/admin/texts/:language/:key', { response: typeof okSchema }, 200> = {
  method: 'DELETE',
  path: '/api/admin/texts/:language/:key',
};

// E-mail
export const emails: ApiRoute<
  'GET',
  '/api/admin/emails',
  { query: typeof outboxQuerySchema; response: typeof outboxPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/emails',
};

export const emailLogs: ApiRoute<
  'GET',
  '/api/admin/email-logs',
  { query: typeof emailLogQuerySchema; response: typeof emailLogPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/email-logs',
};

// Integrations
export const integrations: ApiRoute<'GET', '/api/admin/integrations', { response: typeof integrationsSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/integrations',
};

export const webhookDeliveries: ApiRoute<
  'GET',
  '/api/admin/webhook-deliveries',
  { response: typeof webhookDeliveryListSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/webhook-deliveries',
};

export const apiKeys: ApiRoute<'GET', '/api/admin/api-keys', { response: typeof apiKeyListSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/api-keys',
};

export const createApiKey: ApiRoute<
  'POST',
  '/api/admin/api-keys',
  { body: typeof createApiKeySchema; response: typeof createdApiKeySchema },
  201
> = {
  method: 'POST',
  path: '/api/admin/api-keys',
};

export const revokeApiKey: ApiRoute<'POST', '/api/admin/api-keys/:id/revoke', { response: typeof apiKeySchema }, 200> =
  {
    method: 'POST',
    path: '/api/admin/api-keys/:id/revoke',
  };
