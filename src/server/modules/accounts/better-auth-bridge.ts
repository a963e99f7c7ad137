import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { WEAK_PASSWORD_MESSAGE } from '../../../shared/users';
import { AppError } from '../../errors';

/** Better Auth's error codes, as SPEC.md's auth messages (section 8 maps them for display). */
const MESSAGES: Record<string, { status: number; code: string; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, code: 'invalid_credentials', message: 'Invalid login credentials' },
  USER_ALREADY_EXISTS: { status: 409, code: 'user_exists', message: 'User already registered' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, code: 'user_exists', message: 'User already registered' },
  PASSWORD_TOO_SHORT: { status: 400, code: 'weak_password', message: WEAK_PASSWORD_MESSAGE },
  EMAIL_NOT_VERIFIED: { status: 403, code: 'email_not_confirmed', message: 'Email not confirmed' },
  INVALID_TOKEN: { status: 400, code: 'invalid_token', message: 'This link is not valid. Please request a new one.' },
};

export function headersOf(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

/** Copies Better Auth's cookies onto our reply, so the session lives in httpOnly cookies. */
export function forwardCookies(response: Response, reply: FastifyReply): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Turns a Better Auth Response into our data or our error shape. */
export async function readAuthResponse<T>(response: Response, reply: FastifyReply): Promise<T> {
  forwardCookies(response, reply);
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (response.ok) return body as T;
  const known = MESSAGES[String(body.code ?? '')];
  if (known) throw new AppError(known.status, known.code, known.message);
  const status = response.status >= 400 && response.status < 500 ? response.status : 502;
  throw new AppError(status, 'auth_failed', typeof body.message === 'string' ? body.message : 'Authentication failed');
}
