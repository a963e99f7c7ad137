import * as notificationsApi from '@shared/notifications/contract';
import { callApi } from '@client/lib/api-client';
import { browserSupportsPush, unsubscribeThisBrowser } from './browser-push';

/**
 * At sign-out, while the session still holds: the server forgets this browser for this person
 * and the browser drops its subscription, so a shared phone shows nobody's notifications after.
 * Best effort: signing out never waits on a push service that does not answer.
 */
export async function forgetThisBrowserPush(): Promise<void> {
  if (!browserSupportsPush()) return;
  try {
    await unsubscribeThisBrowser((endpoint) => callApi(notificationsApi.unsubscribePush, { body: { endpoint } }));
  } catch {
    // The subscription moves to whoever subscribes on this browser next (decision 042).
  }
}
