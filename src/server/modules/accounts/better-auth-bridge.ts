import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { errorWithStatus } from '@server/errors';
import type { ErrorCode } from '@shared/api-error';
import { serverText } from '@server/lib/texts';
import { TWO_FACTOR_LOCK_SECONDS } from './auth';
import { ACCOUNT_DISABLED_MESSAGE, TWO_FACTOR_NEEDS_PASSWORD_MESSAGE } from './session-gate';

type KnownError = {
  status: number;
  code: ErrorCode;
  /** English protocol words, or a catalogue text read when it is thrown (so the admin's override applies). */
  message: string | (() => string);
  fields?: () => Record<string, string>;
  /** A 429's Retry-After. */
  retryAfterSeconds?: number;
};

const WRONG_CODE: KnownError = {
  status: 401,
  code: 'invalid_code',
  message: () => serverText('account:twoFactorError.wrongCode'),
};
/** The pending two-factor sign-in is gone or over: the one wording, also used by the code step. */
export const CHALLENGE_OVER: KnownError = {
  status: 401,
  code: 'two_factor_expired',
  message: () => serverText('account:twoFactorError.signInExpired'),
};
const WRONG_PASSWORD: KnownError = {
  status: 400,
  code: 'invalid_password',
  message: () => serverText('account:twoFactorError.wrongPassword'),
  fields: () => ({ password: serverText('account:twoFactorError.wrongPassword') }),
};

/** Better Auth's error codes, as SPEC.md's auth messages (section 8 maps them for display). */
const MESSAGES: Record<string, KnownError> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, code: 'invalid_credentials', message: 'Invalid login credentials' },
  USER_ALREADY_EXISTS: { status: 409, code: 'user_exists', message: 'User already registered' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, code: 'user_exists', message: 'User already registered' },
  PASSWORD_TOO_SHORT: { status: 400, code: 'weak_password', message: () => serverText('auth:error.weakPassword') },
  EMAIL_NOT_VERIFIED: { status: 403, code: 'email_not_confirmed', message: 'Email not confirmed' },
  INVALID_TOKEN: { status: 400, code: 'invalid_token', message: () => serverText('account:link.tokenInvalid') },
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
    message: () => serverText('account:twoFactorError.tooManyCodes'),
  },
  ACCOUNT_TEMPORARILY_LOCKED: {
    status: 429,
    code: 'rate_limited',
    message: () => serverText('account:twoFactorError.accountLocked'),
    // At most the whole lock: Better Auth does not say how much of it is left.
    retryAfterSeconds: TWO_FACTOR_LOCK_SECONDS,
  },
  INVALID_PASSWORD: WRONG_PASSWORD,
  CREDENTIAL_ACCOUNT_NOT_FOUND: {
    status: 400,
    code: 'no_password',
    message: () => serverText('account:twoFactorError.noPassword'),
  },
  TOTP_ALREADY_ENABLED: {
    status: 409,
    code: 'two_factor_on',
    message: () => serverText('account:twoFactorError.alreadyOn'),
  },
  TOTP_NOT_ENABLED: {
    status: 400,
    code: 'two_factor_off',
    message: () => serverText('account:twoFactorError.notWaiting'),
  },
  // Phone numbers (Better Auth's phone-number plugin): one account per verified number.
  PHONE_NUMBER_EXIST: {
    status: 409,
    code: 'phone_taken',
    message: () => serverText('account:phoneCode.numberTaken'),
  },
  SESSION_NOT_FRESH: {
    status: 403,
    code: 'session_not_fresh',
    message: () => serverText('account:twoFactorError.notFresh'),
  },
};

/** The error a known Better Auth refusal becomes, its words read now from the catalogue. */
export function knownAuthError(known: KnownError) {
  const message = typeof known.message === 'function' ? known.message() : known.message;
  return errorWithStatus(known.status, known.code, message, known.fields?.(), known.retryAfterSeconds);
}

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
  if (known) throw knownAuthError(known);
  const status = response.status >= 400 && response.status < 500 ? response.status : 502;
  throw errorWithStatus(
    status,
    'auth_failed',
    typeof body.message === 'string' ? body.message : 'Authentication failed',
  );
}
