import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountClosingSchema,
  closeAccountSchema,
  closedAccountSchema,
  type AccountClosing,
} from '@shared/accounts/accounts';
import * as accountsApi from '@shared/accounts/contract';
import { pakistanDateKey } from '@shared/pakistan-time';
import { authAccount } from '@server/db/schema';
import { invalidFields } from '@server/errors';
import { actorOf } from '@server/lib/record-audit';
import { serve } from '@server/lib/serve-route';
import { serverText } from '@server/lib/texts';
import { accountClosedEmail } from '@server/modules/notifications/templates/account-emails';
import { requireViewer } from '@server/plugins/authentication';
import { HOUR_MS } from '@server/plugins/write-budgets';
import type { Viewer } from '@server/viewer/load-viewer';
import { accountClosingFacts, closeAccount } from './close-account';
import { exportAccountData } from './export-account-data';
import { spendPhoneCode } from './phone-codes';
import { enforceAuthRateLimit } from './rate-limit-auth';

/**
 * A customer's own "Download my data" and "Close account" (issue 40): the vendor's Download
 * Business Data and Close Account for a person. Closing is a door that checks a password or a
 * phone code, so every try is counted like every other such door, before anything else.
 */
export const accountClosingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, config, clock } = app.deps;
  const db = () => app.deps.database.db;

  async function passwordIsRight(userId: string, password: string): Promise<boolean> {
    const [credential] = await db()
      .select({ hash: authAccount.password })
      .from(authAccount)
      .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')))
      .limit(1);
    if (!credential?.hash) return false;
    return (await auth.$context).password.verify({ hash: credential.hash, password });
  }

  /** The person proves it is them as `facts.proof` says; a wrong password or code is a 400 naming its field. */
  async function requireProof(viewer: Viewer, facts: AccountClosing, body: { password?: string; code?: string }) {
    if (facts.proof === 'password') {
      const missing = serverText('account:close.passwordMissing');
      if (!body.password) throw invalidFields(missing, { password: missing }, 'password_required');
      if (!(await passwordIsRight(viewer.userId, body.password))) {
        const wrong = serverText('account:twoFactorError.wrongPassword');
        throw invalidFields(wrong, { password: wrong }, 'invalid_password');
      }
    }
    if (facts.proof === 'phone_code') {
      const missing = serverText('account:close.codeMissing');
      if (!body.code) throw invalidFields(missing, { code: missing }, 'code_required');
      await spendPhoneCode(db(), config.sessionSecret, {
        phoneNumber: facts.phoneNumber!,
        purpose: 'close_account',
        code: body.code,
        now: clock.now(),
      });
    }
  }

  serve(app, accountsApi.accountClosing, { schema: { response: { 200: accountClosingSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return accountClosingFacts(db(), viewer.userId);
  });

  serve(
    app,
    accountsApi.closeAccount,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: closeAccountSchema, response: { 200: closedAccountSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await enforceAuthRateLimit(request, 'close-account', viewer.email);
      const facts = await accountClosingFacts(db(), viewer.userId);
      await requireProof(viewer, facts, request.body);
      const closed = await closeAccount(db(), {
        userId: viewer.userId,
        actor: actorOf(viewer),
        now: clock.now(),
        beforeEmptying: async (tx, person) => {
          await app.deps.email.enqueue(
            {
              type: 'security',
              to: person.email,
              userId: person.id,
              render: () => accountClosedEmail({ name: person.name || serverText('emails:greeting.fallbackName') }),
            },
            { tx },
          );
        },
      });
      // The sessions are gone with the account; the browser forgets its cookie too.
      reply.clearCookie('chaska.session_token', { path: '/' });
      return closed;
    },
  );

  app.get(
    '/accounts/export',
    { config: { budget: { per: 'user', max: 10, windowMs: HOUR_MS } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const now = clock.now();
      const data = await exportAccountData(db(), viewer.userId, now);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="chaska-my-data-${pakistanDateKey(now)}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );
};
