import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/database-unavailable';

export interface EmailWorker {
  /** One pass: retries and leftover sends, then the digests due now. */
  runOnce(now?: Date): Promise<void>;
  stop(): Promise<void>;
}

export const EMAIL_WORKER_INTERVAL_MS = 5_000;

/**
 * Runs the e-mail queue in the background on every server: deliverDue and the digest job claim
 * their rows with FOR UPDATE SKIP LOCKED, so servers never send the same e-mail twice. Passes
 * never overlap (the next one is scheduled when the last ends), a failed pass never stops the
 * schedule, and closing the app waits for the pass in flight, so shutdown never cuts a send in half.
 */
export function startEmailWorker(app: FastifyInstance, options: { intervalMs?: number } = {}): EmailWorker {
  const intervalMs = options.intervalMs ?? EMAIL_WORKER_INTERVAL_MS;
  const { email } = app.deps;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let stopped = false;

  async function runOnce(now?: Date) {
    try {
      await email.deliverDue({ limit: 50, ...(now ? { now } : {}) });
      await email.sendDueDigests(now);
    } catch (error) {
      // The next pass comes all the same: while the database is away each pass fails quickly,
      // and the first one after it is back sends what waited.
      if (isDatabaseUnavailable(error)) app.log.warn({ err: error }, 'E-mail worker pass skipped: the database is unavailable');
      else app.log.error({ err: error }, 'E-mail worker pass failed');
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = runOnce().finally(() => {
        inFlight = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  }

  async function stop() {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  }

  app.addHook('onClose', stop);
  schedule();
  return { runOnce, stop };
}
