import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Between the password and the code, Better Auth keeps the pending sign-in in its own signed
 * cookie. This one (signed with our cookie secret) remembers the address the password was for,
 * so the code step is limited per e-mail as well as per IP.
 */
const COOKIE = 'chaska.two_factor_email';
const CHALLENGE_SECONDS = 10 * 60;

function cookieOptions(request: FastifyRequest) {
  const secure = request.server.deps.config.publicUrl.startsWith('https://');
  return { path: '/api/accounts', httpOnly: true, sameSite: 'lax' as const, secure, signed: true };
}

export function rememberChallengeEmail(request: FastifyRequest, reply: FastifyReply, email: string): void {
  reply.setCookie(COOKIE, email, { ...cookieOptions(request), maxAge: CHALLENGE_SECONDS });
}

export function challengeEmail(request: FastifyRequest): string | null {
  const raw = request.cookies[COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

export function forgetChallengeEmail(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(COOKIE, cookieOptions(request));
}
