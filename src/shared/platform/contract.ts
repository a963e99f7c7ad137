import type { ApiRoute } from '@shared/api-route';
import type { okSchema } from '@shared/ok';
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
import type { adminTextListSchema, textOverrideBodySchema, textsQuerySchema } from '@shared/platform/admin-texts';
import type { healthSchema } from '@shared/platform/health';

/** The platform domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

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

export const health: ApiRoute<'GET', '/api/health', { response: typeof healthSchema }, 200> = {
  method: 'GET',
  path: '/api/health',
};
