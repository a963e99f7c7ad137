import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import * as accountsApi from '@shared/accounts/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** Users Management (/admin/users): search, a person's cards and activity, disable, admin rights. */
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
      setUserDisabled(accessDeps(), request.params.id, true, await requireAdmin(request), app.deps.clock.now()),
  );

  serve(
    app,
    accountsApi.enableUser,
    { config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } }, schema: changeSchema },
    async (request) =>
      setUserDisabled(accessDeps(), request.params.id, false, await requireAdmin(request), app.deps.clock.now()),
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
};
