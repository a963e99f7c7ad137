import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as notificationsApi from '@shared/notifications/contract';
import { okSchema } from '@shared/ok';
import { pushEndpointSchema, pushKeySchema, pushSubscriptionSchema } from '@shared/notifications/push';
import { invalidFields, notFound } from '@server/errors';
import { serve } from '@server/lib/serve-route';
import { serverText } from '@server/lib/texts';
import { requireViewer } from '@server/plugins/authentication';
import { pushEndpointProblem } from './push-endpoints';
import { removeSubscription, saveSubscription } from './push-subscriptions';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/**
 * Web Push subscriptions (decision 042): the public VAPID key for the browser, and the signed-in
 * person's subscriptions. Without the VAPID settings push is off: the key is null and
 * subscribing is refused, so the app never asks for a permission it cannot use.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, clock } = app.deps;
  const db = () => database.db;
  const endpointPolicy = { allowLoopback: config.allowLoopbackTargetsForTests };

  serve(app, notificationsApi.key, { schema: { response: { 200: pushKeySchema } } }, async () => ({
    publicKey: config.push.vapid?.publicKey ?? null,
  }));

  serve(
    app,
    notificationsApi.subscribePush,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: pushSubscriptionSchema, response: { 201: okSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      if (!config.push.vapid) throw notFound(serverText('customer:push.off'), 'push_off');
      const problem = pushEndpointProblem(request.body.endpoint, endpointPolicy);
      if (problem) throw invalidFields(problem, { endpoint: problem }, 'invalid_subscription');
      await saveSubscription(db(), viewer.userId, request.body, clock.now());
      return reply.code(201).send({ ok: true as const });
    },
  );

  serve(
    app,
    notificationsApi.unsubscribePush,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { body: pushEndpointSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await removeSubscription(db(), viewer.userId, request.body.endpoint);
      return { ok: true as const };
    },
  );
};
