import type { FastifyInstance } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '@server/lib/periodic-job';
import { deliverDueWebhooks } from './deliver-webhooks';

export const WEBHOOK_JOB_INTERVAL_MS = 3_000;

/**
 * Posts the vendor API's webhooks in the background, on the one periodic-job runner (never in a
 * request). Deliveries are claimed with FOR UPDATE SKIP LOCKED and a lease, so several servers
 * share the work without posting one delivery twice at once.
 */
export function startWebhookJob(app: FastifyInstance, options: { intervalMs?: number } = {}): PeriodicJob {
  const { database, config, clock } = app.deps;
  return startPeriodicJob(app, {
    name: 'webhooks',
    intervalMs: options.intervalMs ?? WEBHOOK_JOB_INTERVAL_MS,
    async run() {
      const result = await deliverDueWebhooks({ db: database.db, config }, clock.now());
      if (result.delivered + result.retrying + result.failed > 0) app.log.info({ webhooks: result }, 'Webhook pass');
    },
  });
}
