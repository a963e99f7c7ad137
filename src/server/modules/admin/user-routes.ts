import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  userIdParamsSchema,
  userListQuerySchema,
} from '@shared/admin-users';
import { requireAdmin } from '@server/plugins/authentication';
import { getAdminUserDetail } from './get-admin-user-detail';
import { listAdminUsers } from './list-admin-users';
import { setUserAdmin, setUserDisabled } from './set-user-access';

/** Users Management (/admin/users): search, a person's cards and activity, disable, admin rights. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const accessDeps = () => ({
    db: app.deps.database.db,
    auth: app.deps.auth,
    configuredAdmins: app.deps.config.adminEmails,
  });
  const changeSchema = { params: userIdParamsSchema, response: { 200: adminUserChangeSchema } };

  app.get(
    '/admin/users',
    { schema: { querystring: userListQuerySchema, response: { 200: adminUserPageSchema } } },
    async (request) => listAdminUsers(app.deps.database.db, request.query),
  );

  app.get(
    '/admin/users/:id',
    { schema: { params: userIdParamsSchema, response: { 200: adminUserDetailSchema } } },
    async (request) => getAdminUserDetail(app.deps.database.db, request.params.id),
  );

  app.post('/admin/users/:id/disable', { schema: changeSchema }, async (request) =>
    setUserDisabled(accessDeps(), request.params.id, true, await requireAdmin(request), app.deps.clock.now()),
  );

  app.post('/admin/users/:id/enable', { schema: changeSchema }, async (request) =>
    setUserDisabled(accessDeps(), request.params.id, false, await requireAdmin(request), app.deps.clock.now()),
  );

  app.post('/admin/users/:id/admin', { schema: changeSchema }, async (request) =>
    setUserAdmin(accessDeps(), request.params.id, true, await requireAdmin(request)),
  );

  app.delete('/admin/users/:id/admin', { schema: changeSchema }, async (request) =>
    setUserAdmin(accessDeps(), request.params.id, false, await requireAdmin(request)),
  );
};
