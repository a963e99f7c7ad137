import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailPreferencesResponseSchema,
  unsubscribeLinkResultSchema,
  unsubscribeLinkSchema,
  updateEmailPreferencesSchema,
} from '@shared/email';
import { requireViewer } from '@server/plugins/authentication';
import {
  getOrCreateEmailPreferences,
  presentEmailPreferencesResponse,
  setUnsubscribed,
  updateEmailPreferences,
} from './email-preferences';
import { unsubscribeByLink } from './unsubscribe-by-link';

/** /api/email-preferences for the signed-in person, and the signed link's JSON call. */
export const emailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const db = app.deps.database.db;
  const response = { 200: emailPreferencesResponseSchema };

  app.get('/email-preferences', { schema: { response } }, async (request) => {
    const viewer = await requireViewer(request);
    return presentEmailPreferencesResponse(await getOrCreateEmailPreferences(db, viewer.userId), config);
  });

  app.put('/email-preferences', { schema: { body: updateEmailPreferencesSchema, response } }, async (request) => {
    const viewer = await requireViewer(request);
    return presentEmailPreferencesResponse(
      await updateEmailPreferences(db, config, viewer.userId, request.body, app.deps.clock.now()),
      config,
    );
  });

  app.post('/email-preferences/unsubscribe', { schema: { response } }, async (request) => {
    const viewer = await requireViewer(request);
    return presentEmailPreferencesResponse(
      await setUnsubscribed(db, viewer.userId, true, app.deps.clock.now()),
      config,
    );
  });

  app.post('/email-preferences/resubscribe', { schema: { response } }, async (request) => {
    const viewer = await requireViewer(request);
    return presentEmailPreferencesResponse(
      await setUnsubscribed(db, viewer.userId, false, app.deps.clock.now()),
      config,
    );
  });

  // The /unsubscribe page calls this with the link's u and t; no session needed.
  app.post(
    '/email/unsubscribe',
    { schema: { body: unsubscribeLinkSchema, response: { 200: unsubscribeLinkResultSchema } } },
    async (request) => {
      await unsubscribeByLink(db, config.sessionSecret, request.body, app.deps.clock.now());
      return { unsubscribed: true as const };
    },
  );
};
