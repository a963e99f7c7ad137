import type {
  emailPreferencesResponseSchema,
  unsubscribeLinkResultSchema,
  unsubscribeLinkSchema,
  updateEmailPreferencesSchema,
} from '@shared/notifications/email';
import type { ApiRoute } from './route';

/** E-mail preferences of the signed-in person, and unsubscribing by a signed link. Import it as a namespace: `import * as notificationsApi from '@shared/contract/notifications'`. */

export const preferences: ApiRoute<
  'GET',
  '/api/email-preferences',
  { response: typeof emailPreferencesResponseSchema },
  200
> = {
  method: 'GET',
  path: '/api/email-preferences',
};

export const updatePreferences: ApiRoute<
  'PUT',
  '/api/email-preferences',
  { body: typeof updateEmailPreferencesSchema; response: typeof emailPreferencesResponseSchema },
  200
> = {
  method: 'PUT',
  path: '/api/email-preferences',
};

export const unsubscribe: ApiRoute<
  'POST',
  '/api/email-preferences/unsubscribe',
  { response: typeof emailPreferencesResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/email-preferences/unsubscribe',
};

export const resubscribe: ApiRoute<
  'POST',
  '/api/email-preferences/resubscribe',
  { response: typeof emailPreferencesResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/email-preferences/resubscribe',
};

/** The /unsubscribe page's call with the link's u and t; no session needed. */
export const unsubscribeByLink: ApiRoute<
  'POST',
  '/api/email/unsubscribe',
  { body: typeof unsubscribeLinkSchema; response: typeof unsubscribeLinkResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/email/unsubscribe',
};

/** RFC 8058 one-click unsubscribe: mail clients post to the List-Unsubscribe address itself. */
export const oneClickUnsubscribe: ApiRoute<
  'POST',
  '/unsubscribe',
  { query: typeof unsubscribeLinkSchema; response: typeof unsubscribeLinkResultSchema },
  200
> = {
  method: 'POST',
  path: '/unsubscribe',
};
