import type { adminAnalyticsQuerySchema, adminAnalyticsSchema } from '@shared/admin-analytics';
import type {
  adminCardPageSchema,
  cardListQuerySchema,
  exclusivesQuerySchema,
  featuredOrderSchema,
  featuredPlaceSchema,
  moderateCardSchema,
  moderatedCardSchema,
  moveFeaturedSchema,
} from '@shared/admin-cards';
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
} from '@shared/admin-dashboard';
import type { emailLogPageSchema, emailLogQuerySchema } from '@shared/admin-emails';
import type {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  integrationsSchema,
  webhookDeliveryListSchema,
} from '@shared/admin-integrations';
import type { saveSeoPageSchema, seoPageListSchema, seoPageSchema, seoPathQuerySchema } from '@shared/admin-seo';
import type { adminTextListSchema, textOverrideBodySchema, textsQuerySchema } from '@shared/admin-texts';
import type {
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  userListQuerySchema,
} from '@shared/admin-users';
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
} from '@shared/admin-vendors';
import type { okSchema } from '@shared/ok';
import type { outboxPageSchema, outboxQuerySchema } from '@shared/outbox';
import { route } from './route';

/** The admin area's API, every route behind the admin guard. */
export const adminApi = {
  // Dashboard
  stats: route<{ response: typeof platformStatsSchema }>()('GET', '/api/admin/stats'),
  activity: route<{ query: typeof activityQuerySchema; response: typeof activityListSchema }>()(
    'GET',
    '/api/admin/activity',
  ),
  topVendors: route<{ response: typeof topVendorListSchema }>()('GET', '/api/admin/top-vendors'),
  systemHealth: route<{ response: typeof systemHealthSchema }>()('GET', '/api/admin/system-health'),
  vendorOptions: route<{ query: typeof vendorOptionsQuerySchema; response: typeof vendorOptionListSchema }>()(
    'GET',
    '/api/admin/vendor-options',
  ),
  createDailyChaska: route<{ body: typeof createDailyChaskaSchema; response: typeof createdCardSchema }>()(
    'POST',
    '/api/admin/daily-chaska',
    201,
  ),
  // Analytics
  analytics: route<{ query: typeof adminAnalyticsQuerySchema; response: typeof adminAnalyticsSchema }>()(
    'GET',
    '/api/admin/analytics',
  ),
  // Vendors
  vendorApplications: route<{ response: typeof pendingApplicationListSchema }>()(
    'GET',
    '/api/admin/vendor-applications',
  ),
  approveVendor: route<{ response: typeof reviewedVendorSchema }>()('POST', '/api/admin/vendors/:id/approve'),
  rejectVendor: route<{ body: typeof rejectVendorSchema; response: typeof reviewedVendorSchema }>()(
    'POST',
    '/api/admin/vendors/:id/reject',
  ),
  vendors: route<{ query: typeof vendorListQuerySchema; response: typeof adminVendorPageSchema }>()(
    'GET',
    '/api/admin/vendors',
  ),
  vendorSummary: route<{ response: typeof vendorSummarySchema }>()('GET', '/api/admin/vendors/summary'),
  vendor: route<{ response: typeof adminVendorDetailSchema }>()('GET', '/api/admin/vendors/:id'),
  updateVendor: route<{ body: typeof adminVendorEditSchema; response: typeof adminVendorDetailSchema }>()(
    'PATCH',
    '/api/admin/vendors/:id',
  ),
  suspendVendor: route<{ body: typeof suspendVendorSchema; response: typeof reviewedVendorSchema }>()(
    'POST',
    '/api/admin/vendors/:id/suspend',
  ),
  unsuspendVendor: route<{ response: typeof reviewedVendorSchema }>()('POST', '/api/admin/vendors/:id/unsuspend'),
  inviteVendor: route<{ body: typeof inviteVendorSchema; response: typeof inviteVendorResultSchema }>()(
    'POST',
    '/api/admin/vendor-invitations',
    201,
  ),
  // Users
  users: route<{ query: typeof userListQuerySchema; response: typeof adminUserPageSchema }>()(
    'GET',
    '/api/admin/users',
  ),
  user: route<{ response: typeof adminUserDetailSchema }>()('GET', '/api/admin/users/:id'),
  disableUser: route<{ response: typeof adminUserChangeSchema }>()('POST', '/api/admin/users/:id/disable'),
  enableUser: route<{ response: typeof adminUserChangeSchema }>()('POST', '/api/admin/users/:id/enable'),
  grantAdmin: route<{ response: typeof adminUserChangeSchema }>()('POST', '/api/admin/users/:id/admin'),
  revokeAdmin: route<{ response: typeof adminUserChangeSchema }>()('DELETE', '/api/admin/users/:id/admin'),
  // Cards and exclusives
  cards: route<{ query: typeof cardListQuerySchema; response: typeof adminCardPageSchema }>()(
    'GET',
    '/api/admin/cards',
  ),
  pauseCard: route<{ body: typeof moderateCardSchema; response: typeof moderatedCardSchema }>()(
    'POST',
    '/api/admin/cards/:id/pause',
  ),
  removeCard: route<{ body: typeof moderateCardSchema; response: typeof moderatedCardSchema }>()(
    'POST',
    '/api/admin/cards/:id/remove',
  ),
  restoreCard: route<{ response: typeof moderatedCardSchema }>()('POST', '/api/admin/cards/:id/restore'),
  exclusives: route<{ query: typeof exclusivesQuerySchema; response: typeof adminCardPageSchema }>()(
    'GET',
    '/api/admin/exclusives',
  ),
  setFeaturedOrder: route<{ body: typeof featuredOrderSchema; response: typeof featuredPlaceSchema }>()(
    'PUT',
    '/api/admin/cards/:id/featured-order',
  ),
  moveFeatured: route<{ body: typeof moveFeaturedSchema; response: typeof featuredPlaceSchema }>()(
    'POST',
    '/api/admin/cards/:id/move',
  ),
  // SEO and texts
  seoPages: route<{ response: typeof seoPageListSchema }>()('GET', '/api/admin/seo/pages'),
  saveSeoPage: route<{ body: typeof saveSeoPageSchema; response: typeof seoPageSchema }>()(
    'PUT',
    '/api/admin/seo/pages',
  ),
  resetSeoPage: route<{ query: typeof seoPathQuerySchema; response: typeof okSchema }>()(
    'DELETE',
    '/api/admin/seo/pages',
  ),
  texts: route<{ query: typeof textsQuerySchema; response: typeof adminTextListSchema }>()('GET', '/api/admin/texts'),
  saveText: route<{ body: typeof textOverrideBodySchema; response: typeof okSchema }>()('PUT', '/api/admin/texts/:key'),
  resetText: route<{ response: typeof okSchema }>()('DELETE', '/api/admin/texts/:key'),
  // E-mail
  emails: route<{ query: typeof outboxQuerySchema; response: typeof outboxPageSchema }>()('GET', '/api/admin/emails'),
  emailLogs: route<{ query: typeof emailLogQuerySchema; response: typeof emailLogPageSchema }>()(
    'GET',
    '/api/admin/email-logs',
  ),
  // Integrations
  integrations: route<{ response: typeof integrationsSchema }>()('GET', '/api/admin/integrations'),
  webhookDeliveries: route<{ response: typeof webhookDeliveryListSchema }>()('GET', '/api/admin/webhook-deliveries'),
  apiKeys: route<{ response: typeof apiKeyListSchema }>()('GET', '/api/admin/api-keys'),
  createApiKey: route<{ body: typeof createApiKeySchema; response: typeof createdApiKeySchema }>()(
    'POST',
    '/api/admin/api-keys',
    201,
  ),
  revokeApiKey: route<{ response: typeof apiKeySchema }>()('POST', '/api/admin/api-keys/:id/revoke'),
};
