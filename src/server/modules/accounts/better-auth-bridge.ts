import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { errorWithStatus } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { ACCOUNT_DISABLED_MESSAGE, TWO_FACTOR_NEEDS_PASSWORD_MESSAGE } from './session-gate';

const WRONG_CODE = {
  status: 401,
  code: 'invalid_code',
  message: 'That code is not right. Please check your authenticator app and try again.',
};
const CHALLENGE_OVER = {
  status: 401,
  code: 'two_factor_expired',
  message: 'Your sign-in has expired. Please enter your e-mail and password again.',
};
const WRONG_PASSWORD = {
  status: 400,
  code: 'invalid_password',
  message: 'The password is not right.',
  fields: { password: 'The password is not right.' },
};

/** Better Auth's error codes, as SPEC.md's auth messages (section 8 maps them for display). */
/** A message is English, or a catalogue text read when it is thrown (so the admin's override applies). */
const MESSAGES: Record<
  string,
  { status: number; code: string; message: string | (() => string); fields?: Record<string, string> }
> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, code: 'invalid_credentials', message: 'Invalid login credentials' },
  USER_ALREADY_EXISTS: { status: 409, code: 'user_exists', message: 'User already registered' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, code: 'user_exists', message: 'User already registered' },
  PASSWORD_TOO_SHORT: { status: 400, code: 'weak_password', message: () => serverText('auth:error.weakPassword') },
  EMAIL_NOT_VERIFIED: { status: 403, code: 'email_not_confirmed', message: 'Email not confirmed' },
  INVALID_TOKEN: { status: 400, code: 'invalid_token', message: 'This link is not valid. Please request a new one.' },
  // Kept as 400 with the same words the sign-in has always shown for a disabled account.
  account_disabled: { status: 400, code: 'account_disabled', message: ACCOUNT_DISABLED_MESSAGE },
  two_factor_password_sign_in: {
    status: 403,
    code: 'two_factor_password_sign_in',
    message: TWO_FACTOR_NEEDS_PASSWORD_MESSAGE,
  },
  // Two-factor: enrolment, the code step and turning it off.
  INVALID_CODE: WRONG_CODE,
  INVALID_BACKUP_CODE: WRONG_CODE,
  INVALID_TWO_FACTOR_COOKIE: CHALLENGE_OVER,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    ...CHALLENGE_OVER,
    message: 'Too many wrong codes. Please enter your e-mail and password again.',
  },
  ACCOUNT_TEMPORARILY_LOCKED: {
    status: 429,
    code: 'rate_limited',
    message: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
  },
  INVALID_PASSWORD: WRONG_PASSWORD,
  CREDENTIAL_ACCOUNT_NOT_FOUND: {
    status: 400,
    code: 'no_password',
    message:
      'This account has no password yet. Use "Forgot password?" on the sign-in page to set one, then turn on two-factor sign-in.',
  },
  TOTP_ALREADY_ENABLED: { status: 409, code: 'two_factor_on', message: 'Two-factor sign-in is already on.' },
  TOTP_NOT_ENABLED: {
    status: 400,
    code: 'two_factor_off',
    message: 'Start the set-up again: no authenticator app is waiting for a code.',
  },
  SESSION_NOT_FRESH: {
    status: 403,
    code: 'session_not_fresh',
    message: 'For your safety, please sign out and sign in again before turning off two-factor sign-in.',
  },
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
  if (known) {
    const message = typeof known.message === 'function' ? known.message() : known.message;
    throw errorWithStatus(known.status, known.code, message, known.fields);
  }
  const status = response.status >= 400 && response.status < 500 ? response.status : 502;
  throw errorWithStatus(
    status,
    'auth_failed',
    typeof body.message === 'string' ? body.message : 'Authentication failed',
  );
}
