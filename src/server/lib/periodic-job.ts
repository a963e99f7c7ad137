import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '@server/db/database-unavailable';

export interface PeriodicJob {
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  /** Names the job in the log. */
  name: string;
  intervalMs: number;
  /** Delay of the first pass; the interval by default. */
  firstDelayMs?: number;
  /** One pass. A failure is logged and the schedule goes on. */
  run(): Promise<void>;
}

/**
 * Background work that repeats on every server (e-mail delivery, clean-ups). Passes never overlap:
 * the next is scheduled when the last ends. A failed pass never stops the schedule; while the
 * database is away each pass fails quickly and is logged as a warning. Closing the app stops the
 * schedule and waits for the pass in flight, so shutdown never cuts one in half.
 */
export function startPeriodicJob(app: FastifyInstance, options: PeriodicJobOptions): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let stopped = false;

  async function pass() {
    try {
      await options.run();
    } catch (error) {
      if (isDatabaseUnavailable(error))
        app.log.warn({ err: error, job: options.name }, 'Background pass skipped: the database is unavailable');
      else app.log.error({ err: error, job: options.name }, 'Background pass failed');
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = pass().finally(() => {
        inFlight = undefined;
        schedule(options.intervalMs);
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
  schedule(options.firstDelayMs ?? options.intervalMs);
  return { stop };
}
