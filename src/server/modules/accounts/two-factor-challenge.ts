import type { FastifyRequest } from 'fastify';
import { unsignedAuthCookie } from '@server/plugins/session-cookie';

/**
 * Between the password and the code, Better Auth keeps the pending sign-in in its signed
 * two_factor cookie: the name of a verification row holding the user's id. The code step is
 * limited per that user, as Better Auth will check the code against them, so no other cookie the
 * client sends can move the count elsewhere. Null: no pending sign-in (absent, forged or gone).
 */
export async function pendingTwoFactorUserId(request: FastifyRequest): Promise<string | null> {
  const context = await request.server.deps.auth.$context;
  const cookie = context.createAuthCookie('two_factor');
  const identifier = unsignedAuthCookie(request.cookies[cookie.name], context.secret);
  if (!identifier) return null;
  const pending = await context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}
