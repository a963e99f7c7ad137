import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Browsers add these to a cookie's name when it is marked Secure or host-only (RFC 6265bis). */
const NAME_PREFIXES = /^__(Secure|Host)-/;

/** The name prefix of every cookie Better Auth sets (advanced.cookiePrefix), read from the one auth instance. */
export function authCookiePrefix(app: FastifyInstance): string {
  return `${app.deps.auth.options.advanced?.cookiePrefix ?? 'better-auth'}.`;
}

/**
 * Whether the request carries any of our sign-in cookies: a browser sends them with every
 * request to us, wherever the request was started, so it is what a forged request would ride on.
 */
export function carriesAuthCookie(request: FastifyRequest, prefix: string): boolean {
  return Object.keys(request.cookies ?? {}).some((name) => name.replace(NAME_PREFIXES, '').startsWith(prefix));
}
