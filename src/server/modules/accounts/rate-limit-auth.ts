import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { serverText } from '@server/lib/texts';

const IP_WINDOW_MS = 60 * 1000;
const EMAIL_WINDOW_MS = 15 * 60 * 1000;

function waitText(seconds: number): string {
  if (seconds < 90) return serverText('auth:error.waitSeconds', { count: seconds });
  return serverText('auth:error.waitMinutes', { count: Math.ceil(seconds / 60) });
}

/** Sign-in, sign-up and reset: limited per IP (per minute) and per e-mail (per 15 minutes). */
export async function enforceAuthRateLimit(request: FastifyRequest, action: string, email?: string): Promise<void> {
  const { database, config, clock } = request.server.deps;
  const now = clock.now();
  const max = config.rateLimitMax;
  const byIp = await consumeRateLimit(database.db, `auth:${action}:ip:${request.ip}`, max, IP_WINDOW_MS, now);
  const byEmail = email
    ? await consumeRateLimit(database.db, `auth:${action}:email:${email.toLowerCase()}`, max, EMAIL_WINDOW_MS, now)
    : { allowed: true, retryAfterSeconds: 0 };
  if (!byIp.allowed || !byEmail.allowed) {
    const wait = Math.max(byIp.allowed ? 0 : byIp.retryAfterSeconds, byEmail.allowed ? 0 : byEmail.retryAfterSeconds);
    throw tooManyRequests(waitText(wait));
  }
}
