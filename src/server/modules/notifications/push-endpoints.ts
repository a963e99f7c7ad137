import { serverText } from '@server/lib/texts';
import type { WebhookTargetPolicy } from '@server/lib/outbound-target';

/**
 * The push services browsers subscribe with. A subscription's endpoint comes from the browser, so
 * anyone can send any address; the server posts to it later, so outside a local installation only
 * these services' hosts are accepted (no request to the machine itself or its private network).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge and other Chromium browsers on Android and desktop
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari and home-screen apps on iOS 16.4+ and macOS
];
/** Windows notification service hosts are per region: *.notify.windows.com. */
const PUSH_SERVICE_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

/** Why this endpoint cannot receive pushes, or null when it may. */
export function pushEndpointProblem(endpoint: string, policy: WebhookTargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return serverText('customer:push.endpointInvalid');
  }
  if (url.username || url.password) return serverText('customer:push.endpointInvalid');
  if (policy.allowPrivateNetworks && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  const host = url.hostname.toLowerCase();
  const known = PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));
  if (url.protocol !== 'https:' || !known) return serverText('customer:push.serviceUnsupported');
  return null;
}
