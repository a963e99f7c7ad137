import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCloseUserSchema,
  adminClosedUserSchema,
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  userIdParamsSchema,
  userListQuerySchema,
} from '@shared/accounts/admin-users';
import { requireAdmin } from '@server/plugins/authentication';
import { getAdminUserDetail } from './get-admin-user-detail';
import { listAdminUsers } from './list-admin-users';
import { setUserAdmin, setUserDisabled } from './set-user-access';
import { closeAccount } from './close-account';
import { actorOf } from '@server/lib/record-audit';
import { conflict } from '@server/errors';
import * as accountsApi from '@shared/accounts/contract';
import { serve } from '@server/lib/serve-route';
import { HOUR_MS, MINUTE_MS } from '@server/plugins/write-budgets';

/** Users Management (/admin/users): search, a person's cards and activity, disable, admin rights, delete. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const accessDeps = () => ({
    db: app.deps.database.db,
    auth: app.deps.auth,
    configuredAdmins: app.deps.config.adminEmails,
  });
  const changeSchema = { params: userIdParamsSchema, response: { 200: adminUserChangeSchema } };

  serve(
    app,
    accountsApi.users,
    { schema: { querystring: userListQuerySchema, response: { 200: adminUserPageSchema } } },
    async (request) => listAdminUsers(app.deps.database.db, request.query),
  );

  serve(
    app,
    accountsApi.user,
    { schema: { params: userIdParamsSchema, response: { 200: adminUserDetailSchema } } },
    async (request) => getAdminUserDetail(app.deps.database.db, request.params.id),
  );

  serve(
    app,
    accountsApi.disableUser,
    { config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } }, schema: changeSchema },
    async (request) =>
      setUserDisabled(
        accessDeps(),
        { userId: request.params.id, disabled: true, admin: await requireAdmin(request) },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    accountsApi.enableUser,
    { config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } }, schema: changeSchema },
    async (request) =>
      setUserDisabled(
        accessDeps(),
        { userId: request.params.id, disabled: false, admin: await requireAdmin(request) },
        app.deps.clock.now(),
      ),
  );

  serve(
    app,
    accountsApi.grantAdmin,
    { config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } }, schema: changeSchema },
    async (request) => setUserAdmin(accessDeps(), request.params.id, true, await requireAdmin(request)),
  );

  serve(
    app,
    accountsApi.revokeAdmin,
    { config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } }, schema: changeSchema },
    async (request) => setUserAdmin(accessDeps(), request.params.id, false, await requireAdmin(request)),
  );

  // Deleting an account is the person's own Close account (close-account.ts), with the admin's reason.
  serve(
    app,
    accountsApi.closeUser,
    {
      config: { budget: { per: 'user', max: 30, windowMs: HOUR_MS } },
      schema: { params: userIdParamsSchema, body: adminCloseUserSchema, response: { 200: adminClosedUserSchema } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      if (request.params.id === admin.userId)
        throw conflict(
          'You cannot delete your own account here: use Close account on your account page.',
          'self_action',
        );
      const closed = await closeAccount(app.deps.database.db, {
        userId: request.params.id,
        actor: actorOf(admin),
        byAdmin: { reason: request.body.reason },
        now: app.deps.clock.now(),
      });
      return { id: request.params.id, ...closed };
    },
  );
};
