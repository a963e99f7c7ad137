import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { serverText } from '@server/lib/texts';
import { PHONE_CODE_RESEND_SECONDS } from '@shared/accounts/phone';

const IP_WINDOW_MS = 60 * 1000;
const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

function waitText(seconds: number): string {
  if (seconds < 90) return serverText('auth:error.waitSeconds', { count: seconds });
  return serverText('auth:error.waitMinutes', { count: Math.ceil(seconds / 60) });
}

/**
 * Sign-in, sign-up, reset and phone codes: limited per IP (per minute) and per account (per 15
 * minutes), named by what the server knows it by: an e-mail address, a phone number, or the
 * user's id (the two-factor code step, whose pending sign-in names the user).
 */
export async function enforceAuthRateLimit(request: FastifyRequest, action: string, account?: string): Promise<void> {
  const { database, config, clock } = request.server.deps;
  const now = clock.now();
  const max = config.rateLimitMax;
  const byIp = await consumeRateLimit(database.db, `auth:${action}:ip:${request.ip}`, max, IP_WINDOW_MS, now);
  const byAccount = account
    ? await consumeRateLimit(
        database.db,
        `auth:${action}:account:${account.toLowerCase()}`,
        max,
        ACCOUNT_WINDOW_MS,
        now,
      )
    : { allowed: true, retryAfterSeconds: 0 };
  if (!byIp.allowed || !byAccount.allowed) {
    const wait = Math.max(
      byIp.allowed ? 0 : byIp.retryAfterSeconds,
      byAccount.allowed ? 0 : byAccount.retryAfterSeconds,
    );
    throw tooManyRequests(waitText(wait), wait);
  }
}

/** A code costs a message and reaches someone's phone: at most one each 30 seconds and five an hour per number. */
const PHONE_CODE_SENDS = [
  { window: 'spacing', max: 1, windowMs: PHONE_CODE_RESEND_SECONDS * 1000 },
  { window: 'hour', max: 5, windowMs: 60 * 60 * 1000 },
] as const;

/** Sending a phone code: the per-IP limit of every auth door, and the number's own (a phone cannot be flooded). */
export async function enforcePhoneCodeSendLimit(request: FastifyRequest, phoneNumber: string): Promise<void> {
  await enforceAuthRateLimit(request, 'phone-code');
  const { database, clock } = request.server.deps;
  const now = clock.now();
  for (const limit of PHONE_CODE_SENDS) {
    const result = await consumeRateLimit(
      database.db,
      `auth:phone-code:${limit.window}:${phoneNumber}`,
      limit.max,
      limit.windowMs,
      now,
    );
    if (!result.allowed) throw tooManyRequests(waitText(result.retryAfterSeconds), result.retryAfterSeconds);
  }
}
