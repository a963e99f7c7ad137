import type { FastifyInstance } from 'fastify';
import { expireOldRows, type ExpiredCounts } from './expire-old-rows';

export interface HousekeepingJob {
  /** One pass at the app's current time. */
  runOnce(): Promise<ExpiredCounts | null>;
  stop(): Promise<void>;
}

/** Often enough that the tables stay small, rarely enough to cost nothing. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
const FIRST_PASS_DELAY_MS = 60 * 1000;

/**
 * Deletes rows whose time is over (expireOldRows) on every server, in bounded batches. Servers
 * running it at once only delete the same old rows; passes never overlap on one server, and
 * closing the app waits for the pass in flight.
 */
export function startHousekeeping(app: FastifyInstance, options: { intervalMs?: number } = {}): HousekeepingJob {
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  const { database, clock } = app.deps;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> | undefined;
  let stopped = false;

  async function runOnce(): Promise<ExpiredCounts | null> {
    try {
      const counts = await expireOldRows(database.db, clock.now());
      if (Object.values(counts).some((count) => count > 0)) app.log.info({ expired: counts }, 'Expired old rows');
      return counts;
    } catch (error) {
      app.log.error({ err: error }, 'Housekeeping pass failed');
      return null;
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = runOnce().finally(() => {
        inFlight = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  }

  async function stop() {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  }

  app.addHook('onClose', stop);
  // The first pass soon after start, so servers that restart often still clean up.
  schedule(Math.min(intervalMs, FIRST_PASS_DELAY_MS));
  return { runOnce, stop };
}
