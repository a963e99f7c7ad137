import type {
  createdVendorApiKeySchema,
  createdWebhookEndpointSchema,
  createVendorApiKeySchema,
  createWebhookEndpointSchema,
  vendorApiKeySchema,
  vendorApiOverviewSchema,
  webhookDeliveryLogEntrySchema,
  webhookEndpointRemovedSchema,
} from '@shared/api/vendor-api';
import type { ApiRoute } from './route';

/**
 * The vendor's API & Webhooks page: keys and webhook endpoints of the vendor API (the vendor API
 * itself, /api/v1, has its own OpenAPI document). Import it as a namespace: `import * as
 * vendorApiApi from '@shared/contract/vendor-api'`.
 */

export const overview: ApiRoute<'GET', '/api/vendor/api', { response: typeof vendorApiOverviewSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/api',
};

export const createKey: ApiRoute<
  'POST',
  '/api/vendor/api/keys',
  { body: typeof createVendorApiKeySchema; response: typeof createdVendorApiKeySchema },
  201
> = { method: 'POST', path: '/api/vendor/api/keys' };

export const revokeKey: ApiRoute<
  'POST',
  '/api/vendor/api/keys/:id/revoke',
  { response: typeof vendorApiKeySchema },
  200
> = { method: 'POST', path: '/api/vendor/api/keys/:id/revoke' };

export const createWebhook: ApiRoute<
  'POST',
  '/api/vendor/api/webhooks',
  { body: typeof createWebhookEndpointSchema; response: typeof createdWebhookEndpointSchema },
  201
> = { method: 'POST', path: '/api/vendor/api/webhooks' };

export const removeWebhook: ApiRoute<
  'DELETE',
  '/api/vendor/api/webhooks/:id',
  { response: typeof webhookEndpointRemovedSchema },
  200
> = { method: 'DELETE', path: '/api/vendor/api/webhooks/:id' };

export const testWebhook: ApiRoute<
  'POST',
  '/api/vendor/api/webhooks/:id/test',
  { response: typeof webhookDeliveryLogEntrySchema },
  202
> = { method: 'POST', path: '/api/vendor/api/webhooks/:id/test' };
