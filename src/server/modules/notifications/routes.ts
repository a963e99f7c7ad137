import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailPreferencesResponseSchema,
  unsubscribeLinkResultSchema,
  unsubscribeLinkSchema,
  updateEmailPreferencesSchema,
} from '@shared/notifications/email';
import { requireViewer } from '@server/plugins/authentication';
import {
  getOrCreateEmailPreferences,
  presentEmailPreferencesResponse,
  setUnsubscribed,
  updateEmailPreferences,
} from './email-preferences';
import { unsubscribeByLink } from './unsubscribe-by-link';
import * as notificationsApi from '@shared/notifications/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** /api/email-preferences for the signed-in person, and the signed link's JSON call. */
export const emailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const db = app.deps.database.db;
  const response = { 200: emailPreferencesResponseSchema };
  const page = { config, channels: app.deps.textMessages?.channels ?? { whatsapp: false, sms: false } };

  serve(app, notificationsApi.preferences, { schema: { response } }, async (request) => {
    const viewer = await requireViewer(request);
    return presentEmailPreferencesResponse(db, page, await getOrCreateEmailPreferences(db, viewer.userId));
  });

  serve(
    app,
    notificationsApi.updatePreferences,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: updateEmailPreferencesSchema, response },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return presentEmailPreferencesResponse(
        db,
        page,
        await updateEmailPreferences(
          db,
          config,
          { userId: viewer.userId, preferences: request.body },
          app.deps.clock.now(),
        ),
      );
    },
  );

  /** Unsubscribe and resubscribe: the one flag, then the page's answer. */
  async function setSubscription(request: FastifyRequest, unsubscribed: boolean) {
    const viewer = await requireViewer(request);
    const row = await setUnsubscribed(db, viewer.userId, unsubscribed, app.deps.clock.now());
    return presentEmailPreferencesResponse(db, page, row);
  }
  const subscriptionOptions = {
    config: { budget: { per: 'user' as const, max: 20, windowMs: MINUTE_MS } },
    schema: { response },
  };
  serve(app, notificationsApi.unsubscribe, subscriptionOptions, (request) => setSubscription(request, true));
  serve(app, notificationsApi.resubscribe, subscriptionOptions, (request) => setSubscription(request, false));

  // The /unsubscribe page calls this with the link's u and t; no session needed.
  serve(
    app,
    notificationsApi.unsubscribeByLink,
    {
      config: { budget: { per: 'ip', max: 30, windowMs: MINUTE_MS } },
      schema: { body: unsubscribeLinkSchema, response: { 200: unsubscribeLinkResultSchema } },
    },
    async (request) => {
      await unsubscribeByLink(db, config.sessionSecret, request.body, app.deps.clock.now());
      return { unsubscribed: true as const };
    },
  );
};
