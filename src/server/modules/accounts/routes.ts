import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addEmailSchema,
  firstNameSchema,
  languageChoiceSchema,
  meSchema,
  passwordResetCheckQuerySchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  profileResponseSchema,
  profileSchema,
  signInResponseSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@shared/accounts/accounts';
import { okSchema } from '@shared/ok';
import { requireViewer } from '@server/plugins/authentication';
import { answerNoSoonerThan } from './answer-floor';
import { headersOf, readAuthResponse } from './better-auth-bridge';
import { checkResetToken, rememberUsedResetToken, startAddingEmail, verifyEmailToken } from './email-verification';
import { loadViewer } from '@server/viewer/load-viewer';
import { presentCodeRequired, presentMe, presentSignedIn } from './present-me';
import { getProfile, saveFirstName, saveLanguage, updateProfile } from './profile';
import { enforceAuthRateLimit } from './rate-limit-auth';
import { twoFactorRoutes } from './two-factor-routes';
import { phoneRoutes } from './phone-routes';
import { accountClosingRoutes } from './account-closing-routes';
import * as accountsApi from '@shared/accounts/contract';
import * as sessionApi from '@shared/accounts/session-contract';
import { serve } from '@server/lib/serve-route';
import { currentTextLanguage, inTextLanguage } from '@server/lib/texts';
import { LANGUAGE_COOKIE, isLanguage } from '@shared/i18n/languages';
import { withSignUpLanguage } from './auth';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/**
 * A reset request answers no sooner than this, whether or not the address has an account: the
 * e-mail goes out in the background and the wait hides what is left (docs/decisions/013).
 */
export const RESET_REQUEST_ANSWER_MS = 250;

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, config, clock } = app.deps;
  const db = () => app.deps.database.db;
  const features = {
    google: Boolean(config.google),
    demoMode: config.demoMode,
    phoneSignIn: app.deps.textMessages !== null,
  };

  // Every answer here is about one person (or is a sign-in): never kept by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // "Who am I": 200 with user null when signed out, so the browser logs no error for visitors.
  serve(app, sessionApi.me, { schema: { response: { 200: meSchema } } }, async (request) => {
    return presentMe(await request.viewer(), features);
  });

  serve(
    app,
    accountsApi.signUp,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: signUpSchema, response: { 200: meSchema } },
    },
    async (request, reply) => {
      const input = request.body;
      const email = input.email.toLowerCase();
      await enforceAuthRateLimit(request, 'sign-up', email);
      // The page's language (sent by the form, or the language cookie) is the new account's:
      // auth.ts saves it before the welcome e-mail is written. Without either, none is chosen.
      const cookie = request.cookies[LANGUAGE_COOKIE];
      const chosen = input.language ?? (isLanguage(cookie) ? cookie : null);
      const response = await withSignUpLanguage(chosen, () =>
        inTextLanguage(chosen ?? currentTextLanguage(), () =>
          auth.api.signUpEmail({
            body: { name: input.name, surname: input.surname, email, password: input.password },
            headers: headersOf(request),
            asResponse: true,
          }),
        ),
      );
      const body = await readAuthResponse<{ user: { id: string } }>(response, reply);
      await app.deps.accounts.afterSignUp(body.user.id, clock.now());
      return presentMe(await loadViewer(db(), body.user.id), features);
    },
  );

  serve(
    app,
    accountsApi.signIn,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: signInSchema, response: { 200: signInResponseSchema } },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      await enforceAuthRateLimit(request, 'sign-in', email);
      // A disabled account is refused inside Better Auth, before any session exists (session-gate.ts).
      const response = await auth.api.signInEmail({
        body: { email, password: request.body.password, rememberMe: true },
        headers: headersOf(request),
        asResponse: true,
      });
      const body = await readAuthResponse<{ user?: { id: string }; twoFactorRedirect?: boolean }>(response, reply);
      if (body.twoFactorRedirect || !body.user) return presentCodeRequired(features);
      return presentSignedIn(await loadViewer(db(), body.user.id), features);
    },
  );

  serve(
    app,
    accountsApi.signOut,
    { config: { budget: { per: 'user', max: 30, windowMs: MINUTE_MS } }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      const response = await auth.api.signOut({ headers: headersOf(request), asResponse: true });
      await readAuthResponse(response, reply).catch(() => undefined);
      return { ok: true as const };
    },
  );

  serve(
    app,
    accountsApi.signOutEverywhere,
    { config: { budget: { per: 'user', max: 10, windowMs: MINUTE_MS } }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      await requireViewer(request);
      const response = await auth.api.revokeSessions({ headers: headersOf(request), asResponse: true });
      await readAuthResponse(response, reply);
      reply.clearCookie('chaska.session_token', { path: '/' });
      return { ok: true as const };
    },
  );

  serve(
    app,
    accountsApi.verifyEmail,
    {
      config: { budget: { per: 'ip', max: 30, windowMs: MINUTE_MS } },
      schema: { body: verifyEmailSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await verifyEmailToken(db(), request.body.token, clock.now());
      return { ok: true as const };
    },
  );

  serve(
    app,
    accountsApi.resendVerification,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { response: { 200: okSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await enforceAuthRateLimit(request, 'verify-resend', viewer.email);
      if (!viewer.verified) await app.deps.accounts.sendVerification(viewer.userId, clock.now());
      return { ok: true as const };
    },
  );

  serve(
    app,
    accountsApi.requestPasswordReset,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: passwordResetRequestSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      // From the start: even waiting for the database (behind someone else's e-mail) stays hidden.
      const floor = answerNoSoonerThan(RESET_REQUEST_ANSWER_MS);
      const email = request.body.email.toLowerCase();
      await enforceAuthRateLimit(request, 'reset', email);
      const { result: response, release } = await app.deps.accounts.holdUntilAnswered(() =>
        auth.api.requestPasswordReset({
          body: { email, redirectTo: `${config.publicUrl}/reset-password` },
          headers: headersOf(request),
          asResponse: true,
        }),
      );
      // The e-mail is written once the answer is out, so its work cannot slow this answer down.
      reply.raw.once('close', release);
      await readAuthResponse(response, reply);
      await floor.reached();
      // Same answer, in the same time, whether or not the address has an account.
      return { ok: true as const };
    },
  );

  serve(
    app,
    accountsApi.checkResetToken,
    {
      schema: {
        querystring: passwordResetCheckQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await checkResetToken(auth, db(), request.query.token, clock.now());
      return { ok: true as const };
    },
  );

  serve(
    app,
    accountsApi.completePasswordReset,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: passwordResetCompleteSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      await enforceAuthRateLimit(request, 'reset-complete');
      const link = await checkResetToken(auth, db(), request.body.token, clock.now());
      const response = await auth.api.resetPassword({
        body: { token: request.body.token, newPassword: request.body.password },
        headers: headersOf(request),
        asResponse: true,
      });
      await readAuthResponse(response, reply);
      await rememberUsedResetToken(db(), request.body.token, link, clock.now());
      return { ok: true as const };
    },
  );

  serve(app, accountsApi.getProfile, { schema: { response: { 200: profileResponseSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return getProfile(db(), viewer.userId, clock.now());
  });

  serve(
    app,
    accountsApi.addEmail,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: addEmailSchema, response: { 200: profileResponseSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      // Per account and per address: a link costs an e-mail to somebody's inbox.
      await enforceAuthRateLimit(request, 'email-add', viewer.userId);
      await enforceAuthRateLimit(request, 'email-add-to', request.body.email);
      const link = await startAddingEmail(db(), { userId: viewer.userId, email: request.body.email, now: clock.now() });
      await app.deps.accounts.sendAddedEmailLink({ id: viewer.userId, name: link.name }, link.email, link.token);
      return getProfile(db(), viewer.userId, clock.now());
    },
  );

  serve(
    app,
    accountsApi.updateProfile,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: profileSchema, response: { 200: profileResponseSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return updateProfile(db(), viewer.userId, request.body, clock.now());
    },
  );

  serve(
    app,
    accountsApi.setFirstName,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: firstNameSchema, response: { 200: meSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await saveFirstName(db(), viewer.userId, request.body.name, clock.now());
      return presentMe(await loadViewer(db(), viewer.userId), features);
    },
  );

  serve(
    app,
    sessionApi.setLanguage,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: languageChoiceSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await saveLanguage(db(), viewer.userId, request.body.language, clock.now());
      return { ok: true as const };
    },
  );

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

  await app.register(twoFactorRoutes, { features });
  await app.register(phoneRoutes, { features });
  await app.register(accountClosingRoutes);
};
