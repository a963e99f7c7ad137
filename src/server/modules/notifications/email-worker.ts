import type { FastifyInstance } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '@server/lib/periodic-job';
import { getTextOverridesMap } from '@server/modules/texts/text-overrides';

export const EMAIL_WORKER_INTERVAL_MS = 5_000;

/**
 * Runs the e-mail queue in the background on every server: retries and leftover sends, then the
 * digests due now. deliverDue and the digest job claim their rows with FOR UPDATE SKIP LOCKED, so
 * servers never send the same e-mail twice.
 */
export function startEmailWorker(app: FastifyInstance, options: { intervalMs?: number } = {}): PeriodicJob {
  const { email } = app.deps;
  return startPeriodicJob(app, {
    name: 'e-mail',
    intervalMs: options.intervalMs ?? EMAIL_WORKER_INTERVAL_MS,
    async run() {
      // E-mails rendered on this server use the admin's text overrides (saved on any server).
      await getTextOverridesMap(app.deps.database.db);
      await email.deliverDue({ limit: 50 });
      await email.sendDueDigests();
    },
  });
}
