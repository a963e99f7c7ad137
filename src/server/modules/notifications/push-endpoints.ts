import { serverText } from '@server/lib/texts';
import { isLoopbackAddress } from '@server/lib/outbound-target';

/**
 * The push services browsers subscribe with. A subscription's endpoint comes from the browser, so
 * anyone can send any address; the server posts to it later, so only these services' hosts are
 * accepted, in development too: never the machine itself, its private network or a link-local
 * address (a customer must not pick a port of the server to connect to).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge and other Chromium browsers on Android and desktop
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari and home-screen apps on iOS 16.4+ and macOS
];
/** Windows notification service hosts are per region: *.notify.windows.com. */
const PUSH_SERVICE_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

export interface PushEndpointPolicy {
  /** ALLOW_LOOPBACK_TARGETS_FOR_TESTS: a local push service over https on 127.0.0.0/8 or ::1 (the end-to-end tests). */
  allowLoopback: boolean;
}

/** Why this endpoint cannot receive pushes, or null when it may. */
export function pushEndpointProblem(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return serverText('customer:push.endpointInvalid');
  }
  if (url.username || url.password) return serverText('customer:push.endpointInvalid');
  const host = url.hostname.toLowerCase();
  if (policy.allowLoopback && url.protocol === 'https:' && isLoopbackAddress(host)) return null;
  const known = PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));
  if (url.protocol !== 'https:' || !known) return serverText('customer:push.serviceUnsupported');
  return null;
}
