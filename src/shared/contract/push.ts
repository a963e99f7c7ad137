import type { okSchema } from '@shared/ok';
import type { pushEndpointSchema, pushKeySchema, pushSubscriptionSchema } from '@shared/notifications/push';
import type { ApiRoute } from './route';

/**
 * Web Push subscriptions of the signed-in person's browsers and installed apps (decision 042).
 * Import it as a namespace: `import * as pushApi from '@shared/contract/push'`.
 */

export const key: ApiRoute<'GET', '/api/push/key', { response: typeof pushKeySchema }, 200> = {
  method: 'GET',
  path: '/api/push/key',
};

export const subscribe: ApiRoute<
  'POST',
  '/api/push/subscriptions',
  { body: typeof pushSubscriptionSchema; response: typeof okSchema },
  201
> = {
  method: 'POST',
  path: '/api/push/subscriptions',
};

export const unsubscribe: ApiRoute<
  'POST',
  '/api/push/subscriptions/remove',
  { body: typeof pushEndpointSchema; response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/push/subscriptions/remove',
};
