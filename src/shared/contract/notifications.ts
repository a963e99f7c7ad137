import type {
  emailPreferencesResponseSchema,
  unsubscribeLinkResultSchema,
  unsubscribeLinkSchema,
  updateEmailPreferencesSchema,
} from '@shared/email';
import { route } from './route';

/** E-mail preferences of the signed-in person, and unsubscribing by a signed link. */
export const notificationsApi = {
  preferences: route<{ response: typeof emailPreferencesResponseSchema }>()('GET', '/api/email-preferences'),
  updatePreferences: route<{
    body: typeof updateEmailPreferencesSchema;
    response: typeof emailPreferencesResponseSchema;
  }>()('PUT', '/api/email-preferences'),
  unsubscribe: route<{ response: typeof emailPreferencesResponseSchema }>()(
    'POST',
    '/api/email-preferences/unsubscribe',
  ),
  resubscribe: route<{ response: typeof emailPreferencesResponseSchema }>()(
    'POST',
    '/api/email-preferences/resubscribe',
  ),
  /** The /unsubscribe page's call with the link's u and t; no session needed. */
  unsubscribeByLink: route<{ body: typeof unsubscribeLinkSchema; response: typeof unsubscribeLinkResultSchema }>()(
    'POST',
    '/api/email/unsubscribe',
  ),
  /** RFC 8058 one-click unsubscribe: mail clients post to the List-Unsubscribe address itself. */
  oneClickUnsubscribe: route<{ query: typeof unsubscribeLinkSchema; response: typeof unsubscribeLinkResultSchema }>()(
    'POST',
    '/unsubscribe',
  ),
};
