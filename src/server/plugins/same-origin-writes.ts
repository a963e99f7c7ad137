import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLocalAddress } from '@server/config';
import { forbidden } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { authCookiePrefix, carriesAuthCookie } from './auth-cookies';

/**
 * The only routes that take state-changing requests other than same-origin JSON, and why each
 * may: it authorises the request itself, without the session cookie (docs/decisions/016).
 */
export const CROSS_SITE_WRITE_REASONS = {
  /** A payment provider's server posts it; the signature over the raw body is the proof. */
  'signed-webhook': 'signed by the payment provider',
  /** The sandbox's hosted checkout page posts plain HTML forms; the session id in the address is the key. */
  'hosted-checkout-form': 'a form of the hosted checkout page',
  /** RFC 8058: a mail client posts form data; the signed link in the address authorises it. */
  'one-click-unsubscribe': 'a signed one-click unsubscribe link',
} as const;
export type CrossSiteWriteReason = keyof typeof CROSS_SITE_WRITE_REASONS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set only on the routes of CROSS_SITE_WRITE_REASONS: they keep their own rules. */
    crossSiteWrites?: CrossSiteWriteReason;
  }
}

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The refusal names the address this server expects, so someone on another spelling of it knows where to go. */
export function crossSiteMessage(ownOrigin: string): string {
  return serverText('common:request.otherAddress', { address: ownOrigin });
}
export const JSON_REQUIRED_MESSAGE = 'This request must send its data as JSON (Content-Type: application/json).';

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function hasBody(request: FastifyRequest): boolean {
  const length = headerOf(request, 'content-length');
  return (
    headerOf(request, 'content-type') !== undefined ||
    headerOf(request, 'transfer-encoding') !== undefined ||
    (length !== undefined && length !== '0')
  );
}

function isJson(request: FastifyRequest): boolean {
  const mediaType = (headerOf(request, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

interface OriginPolicy {
  ownOrigin: string;
  /**
   * Development (NODE_ENV, as `npm run dev` sets it): the page may come from Vite's server, which
   * passes the browser's Host and Origin on unchanged, or from another spelling of a loopback
   * PUBLIC_URL (127.0.0.1 or [::1] for localhost, and back).
   */
  development: boolean;
}

/**
 * The same local server written another way: both loopback addresses (localhost, 127.0.0.0/8,
 * ::1), same scheme and port. Only this machine serves such a page, so it is our own.
 */
function isLoopbackSpellingOf(origin: string, ownOrigin: string): boolean {
  try {
    const asked = new URL(origin);
    const own = new URL(ownOrigin);
    return (
      isLocalAddress(ownOrigin) && isLocalAddress(origin) && asked.protocol === own.protocol && asked.port === own.port
    );
  } catch {
    return false;
  }
}

/**
 * Whether the browser says the request was started by one of our own pages. Origin decides when
 * present; without it, Sec-Fetch-Site does. A request with neither comes from a program, not a
 * browser page (every current browser sends one of them on these methods): a program holding the
 * cookie could send anything anyway, so it is let through, and the JSON rule still applies.
 */
function comesFromOwnPage(request: FastifyRequest, policy: OriginPolicy): boolean {
  const origin = headerOf(request, 'origin');
  if (origin !== undefined) {
    if (origin === policy.ownOrigin) return true;
    if (!policy.development) return false;
    if (isLoopbackSpellingOf(origin, policy.ownOrigin)) return true;
    try {
      return new URL(origin).host === headerOf(request, 'host');
    } catch {
      return false;
    }
  }
  const fetchSite = headerOf(request, 'sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  return true;
}

/**
 * Cross-site request forgery defence beyond SameSite=Lax: a state-changing request that carries
 * our sign-in cookie must come from our own origin and send JSON (which a page on another site
 * cannot send without a CORS preflight we never grant). Anything else is a 403 before the body is
 * read or a handler runs. Requests without the cookie (API clients, sign-in itself) are untouched.
 */
export const sameOriginWritesPlugin = fp(async (app: FastifyInstance) => {
  const prefix = authCookiePrefix(app);
  const policy: OriginPolicy = {
    ownOrigin: new URL(app.deps.config.publicUrl).origin,
    development: app.deps.config.env === 'development',
  };

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.crossSiteWrites) return;
    if (!carriesAuthCookie(request, prefix)) return;
    if (!comesFromOwnPage(request, policy)) throw forbidden(crossSiteMessage(policy.ownOrigin), 'cross_site_request');
    if (hasBody(request) && !isJson(request)) throw forbidden(JSON_REQUIRED_MESSAGE, 'json_required');
  });
});
