import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BRAND } from '@shared/brand';
import {
  isAppCode,
  meSchema,
  twoFactorCodeSchema,
  twoFactorEnrolmentSchema,
  twoFactorPasswordSchema,
  type Me,
} from '@shared/accounts/accounts';
import { requireViewer } from '@server/plugins/authentication';
import { badRequest, conflict } from '@server/errors';
import { CHALLENGE_OVER, headersOf, knownAuthError, readAuthResponse } from './better-auth-bridge';
import { loadViewer } from '@server/viewer/load-viewer';
import { presentMe } from './present-me';
import { enforceAuthRateLimit } from './rate-limit-auth';
import { pendingTwoFactorUserId } from './two-factor-challenge';
import { hasPassword, keepOnlyNewestSession } from './two-factor-sessions';
import * as accountsApi from '@shared/accounts/contract';
import { serve } from '@server/lib/serve-route';

/**
 * Two-factor sign-in with an authenticator app (Better Auth's twoFactor plugin, called
 * in-process): enrol, confirm with a first code, turn off, and the code step of sign-in. Every
 * route is rate limited per IP and per e-mail like the other sign-in doors.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ features: Me['features'] }> = async (app, { features }) => {
  const { auth } = app.deps;
  const db = () => app.deps.database.db;

  // Password right, code next: the pending sign-in lives in Better Auth's signed two_factor cookie.
  serve(
    app,
    accountsApi.signInWithCode,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: twoFactorCodeSchema, response: { 200: meSchema } },
    },
    async (request, reply) => {
      const userId = await pendingTwoFactorUserId(request);
      if (!userId) throw knownAuthError(CHALLENGE_OVER);
      await enforceAuthRateLimit(request, 'two-factor', userId);
      const code = request.body.code;
      const response = isAppCode(code)
        ? await auth.api.verifyTOTP({
            body: { code: code.replace(/\s/g, '') },
            headers: headersOf(request),
            asResponse: true,
          })
        : await auth.api.verifyBackupCode({ body: { code }, headers: headersOf(request), asResponse: true });
      // Better Auth answers with the new session's token: only the cookie carries it to the browser.
      const body = await readAuthResponse<{ user: { id: string } }>(response, reply);
      return presentMe(await loadViewer(db(), body.user.id), features);
    },
  );

  // Step 1: a new secret and backup codes, shown once; sign-in is unchanged until step 2.
  serve(
    app,
    accountsApi.startTwoFactor,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: twoFactorPasswordSchema, response: { 200: twoFactorEnrolmentSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceAuthRateLimit(request, 'two-factor-password', viewer.email);
      if (viewer.twoFactorEnabled) throw conflict('Two-factor sign-in is already on.', 'two_factor_on');
      if (!(await hasPassword(db(), viewer.userId))) {
        throw badRequest(
          'This account has no password yet. Use "Forgot password?" on the sign-in page to set one, then turn on two-factor sign-in.',
          'no_password',
        );
      }
      const response = await auth.api.enableTwoFactor({
        body: { password: request.body.password, issuer: BRAND.name },
        headers: headersOf(request),
        asResponse: true,
      });
      const body = await readAuthResponse<{ totpURI: string; backupCodes: string[] }>(response, reply);
      return {
        otpauthUri: body.totpURI,
        secret: new URL(body.totpURI).searchParams.get('secret') ?? '',
        backupCodes: body.backupCodes,
      };
    },
  );

  // Step 2: the first code from the app turns two-factor on; every other session is signed out.
  serve(
    app,
    accountsApi.confirmTwoFactor,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: twoFactorCodeSchema, response: { 200: meSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceAuthRateLimit(request, 'two-factor-confirm', viewer.email);
      if (viewer.twoFactorEnabled) throw conflict('Two-factor sign-in is already on.', 'two_factor_on');
      if (!isAppCode(request.body.code))
        throw badRequest('Please enter the 6-digit code from your authenticator app.', 'invalid_code');
      const response = await auth.api.verifyTOTP({
        body: { code: request.body.code.replace(/\s/g, '') },
        headers: headersOf(request),
        asResponse: true,
      });
      await readAuthResponse(response, reply);
      // Better Auth gave this browser a new session; any session opened without the code ends.
      await keepOnlyNewestSession(db(), viewer.userId);
      return presentMe(await loadViewer(db(), viewer.userId), features);
    },
  );

  serve(
    app,
    accountsApi.turnOffTwoFactor,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: twoFactorPasswordSchema, response: { 200: meSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceAuthRateLimit(request, 'two-factor-password', viewer.email);
      const response = await auth.api.disableTwoFactor({
        body: { password: request.body.password },
        headers: headersOf(request),
        asResponse: true,
      });
      await readAuthResponse(response, reply);
      return presentMe(await loadViewer(db(), viewer.userId), features);
    },
  );
};
