import { createHmac } from 'node:crypto';
import { sameSecret } from '@server/lib/signing';
import type { FastifyRequest } from 'fastify';

/**
 * Better Auth's session cookie, read the way it reads it (better-call's getSignedCookie): the
 * value is `token.signature`, the signature the base64 HMAC-SHA256 of the token under the auth
 * secret. Only the cookie is read here; the session itself is always read from the database.
 */
export interface SessionCookieReader {
  /** The session token of a validly signed cookie; null when there is none or it is forged. */
  tokenOf(request: FastifyRequest): string | null;
  /** Better Auth refreshes a session this long after its last refresh (session.updateAge). */
  updateAgeMs: number;
  /** A session lasts this long from its last refresh (session.expiresIn). */
  expiresInMs: number;
}

/**
 * The part of Better Auth's context the cookie is read with: its cookie name, secret and session
 * ages. Named here rather than imported with the accounts module's Auth, which would make the
 * plugins and the accounts module import each other.
 */
interface AuthContextSource {
  $context: Promise<{
    authCookies: { sessionToken: { name: string } };
    secret: string;
    sessionConfig: { updateAge: number; expiresIn: number };
  }>;
}

/** The length of a base64 SHA-256 HMAC, with its one "=" of padding, as better-call requires. */
const SIGNATURE_LENGTH = 44;

export async function sessionCookieReader(auth: AuthContextSource): Promise<SessionCookieReader> {
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  const secret = context.secret;
  return {
    updateAgeMs: context.sessionConfig.updateAge * 1000,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    tokenOf(request) {
      return unsignedAuthCookie(request.cookies[cookieName], secret);
    },
  };
}

/** The value of one of Better Auth's signed cookies (`value.signature`); null when absent or forged. */
export function unsignedAuthCookie(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  return sameSecret(expected, Buffer.from(signature, 'base64')) ? value : null;
}
