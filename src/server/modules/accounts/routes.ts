import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  meSchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  profileResponseSchema,
  profileSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
  type Me,
} from '../../../shared/accounts';
import { requireViewer } from '../../plugins/authentication';
import { badRequest } from '../../errors';
import { headersOf, readAuthResponse } from './better-auth-bridge';
import { checkResetToken, rememberUsedResetToken, verifyEmailToken } from './email-verification';
import { loadViewer, type Viewer } from './load-viewer';
import { getProfile, updateProfile } from './profile';
import { enforceAuthRateLimit } from './rate-limit-auth';

const okSchema = z.object({ ok: z.literal(true) });

export function presentMe(viewer: Viewer | null, features: Me['features']): Me {
  if (!viewer) return { user: null, features };
  const roles: NonNullable<Me['user']>['roles'] = ['customer'];
  if (viewer.membership?.role === 'owner') roles.push('vendor');
  if (viewer.membership?.role === 'staff') roles.push('staff');
  if (viewer.isAdmin) roles.push('admin');
  return {
    user: {
      id: viewer.userId,
      email: viewer.email,
      name: viewer.name,
      surname: viewer.surname,
      verified: viewer.verified,
      roles,
      isAdmin: viewer.isAdmin,
      membership: viewer.membership,
    },
    features,
  };
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, config } = app.deps;
  const features = { google: Boolean(config.google), demoMode: config.demoMode };

  // "Who am I": 200 with user null when signed out, so the browser logs no error for visitors.
  app.get('/me', { schema: { response: { 200: meSchema } } }, async (request) => {
    return presentMe(await request.viewer(), features);
  });

  app.post('/accounts/sign-up', { schema: { body: signUpSchema, response: { 200: meSchema } } }, async (request, reply) => {
    const input = request.body;
    await enforceAuthRateLimit(request, 'sign-up', input.email);
    const response = await auth.api.signUpEmail({
      body: { name: input.name, surname: input.surname, email: input.email.toLowerCase(), password: input.password },
      headers: headersOf(request),
      asResponse: true,
    });
    const body = await readAuthResponse<{ user: { id: string } }>(response, reply);
    await app.deps.accounts.afterSignUp(body.user.id);
    return presentMe(await loadViewer(app.deps.database.db, body.user.id), features);
  });

  app.post('/accounts/sign-in', { schema: { body: signInSchema, response: { 200: meSchema } } }, async (request, reply) => {
    const input = request.body;
    await enforceAuthRateLimit(request, 'sign-in', input.email);
    const response = await auth.api.signInEmail({
      body: { email: input.email.toLowerCase(), password: input.password, rememberMe: true },
      headers: headersOf(request),
      asResponse: true,
    });
    const body = await readAuthResponse<{ user: { id: string } }>(response, reply);
    const viewer = await loadViewer(app.deps.database.db, body.user.id);
    if (viewer?.disabled) {
      await (await auth.$context).internalAdapter.deleteUserSessions(viewer.userId);
      reply.removeHeader('set-cookie');
      throw badRequest('This account has been disabled. Please contact support.');
    }
    return presentMe(viewer, features);
  });

  app.post('/accounts/sign-out', { schema: { response: { 200: okSchema } } }, async (request, reply) => {
    const response = await auth.api.signOut({ headers: headersOf(request), asResponse: true });
    await readAuthResponse(response, reply).catch(() => undefined);
    return { ok: true as const };
  });

  app.post('/accounts/sign-out-everywhere', { schema: { response: { 200: okSchema } } }, async (request, reply) => {
    await requireViewer(request);
    const response = await auth.api.revokeSessions({ headers: headersOf(request), asResponse: true });
    await readAuthResponse(response, reply);
    reply.clearCookie('chaska.session_token', { path: '/' });
    return { ok: true as const };
  });

  app.post('/accounts/verify-email', { schema: { body: verifyEmailSchema, response: { 200: okSchema } } }, async (request) => {
    await verifyEmailToken(auth, app.deps.database.db, request.body.token);
    return { ok: true as const };
  });

  app.post('/accounts/verification/resend', { schema: { response: { 200: okSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    await enforceAuthRateLimit(request, 'verify-resend', viewer.email);
    if (!viewer.verified) await app.deps.accounts.sendVerification(viewer.userId);
    return { ok: true as const };
  });

  app.post('/accounts/password-reset/request', { schema: { body: passwordResetRequestSchema, response: { 200: okSchema } } }, async (request, reply) => {
    await enforceAuthRateLimit(request, 'reset', request.body.email);
    const response = await auth.api.requestPasswordReset({
      body: { email: request.body.email.toLowerCase(), redirectTo: `${config.publicUrl}/reset-password` },
      headers: headersOf(request),
      asResponse: true,
    });
    await readAuthResponse(response, reply);
    // Same answer whether or not the address has an account.
    return { ok: true as const };
  });

  app.get(
    '/accounts/password-reset/check',
    { schema: { querystring: z.object({ token: z.string().min(1, 'The reset link is not valid.').max(200) }), response: { 200: okSchema } } },
    async (request) => {
      await checkResetToken(auth, request.query.token);
      return { ok: true as const };
    },
  );

  app.post('/accounts/password-reset/complete', { schema: { body: passwordResetCompleteSchema, response: { 200: okSchema } } }, async (request, reply) => {
    await enforceAuthRateLimit(request, 'reset-complete');
    await checkResetToken(auth, request.body.token);
    const response = await auth.api.resetPassword({
      body: { token: request.body.token, newPassword: request.body.password },
      headers: headersOf(request),
      asResponse: true,
    });
    await readAuthResponse(response, reply);
    await rememberUsedResetToken(auth, request.body.token);
    return { ok: true as const };
  });

  app.get('/accounts/profile', { schema: { response: { 200: profileResponseSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return getProfile(app.deps.database.db, viewer.userId);
  });

  app.put('/accounts/profile', { schema: { body: profileSchema, response: { 200: profileResponseSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return updateProfile(app.deps.database.db, viewer.userId, request.body);
  });

  // Opens in the 500x600 popup: starts Google's consent screen, which returns to /auth/callback.
  app.get('/accounts/google/start', async (request, reply) => {
    if (!config.google) {
      return reply.redirect('/auth/callback?error=google_not_configured');
    }
    const response = await auth.api.signInSocial({
      body: { provider: 'google', callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' },
      headers: headersOf(request),
      asResponse: true,
    });
    try {
      const body = await readAuthResponse<{ url?: string }>(response, reply);
      if (!body.url) return reply.redirect('/auth/callback?error=no_oauth_url');
      return reply.redirect(body.url);
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in could not start');
      return reply.redirect('/auth/callback?error=oauth_failed');
    }
  });
};
