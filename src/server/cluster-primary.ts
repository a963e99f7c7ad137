import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import type { Config } from './config';
import type { FaultLog } from './process-faults';

/** Tells a worker its place (0 to WEB_CONCURRENCY - 1); a replacement keeps the place it fills. */
export const WORKER_INDEX_VARIABLE = 'CHASKA_WORKER_INDEX';

/** A worker that dies is replaced after 1 s, doubling while replacements keep dying, up to 30 s. */
export const RESTART_DELAY_MIN_MS = 1_000;
export const RESTART_DELAY_MAX_MS = 30_000;
/** A worker that lived this long died of something new: its replacement starts after the minimum. */
const STABLE_AFTER_MS = 30_000;
/** Beyond the workers' own bound, for their exit to reach the primary. */
const STOP_MARGIN_MS = 2_000;

export interface PrimaryLog extends FaultLog {
  info(object: object, message: string): void;
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/**
 * The primary has no Fastify app, so it writes its few lines itself, in the same JSON shape as the
 * workers' pino lines (level, time, pid, hostname, msg) so that one log reader reads both.
 */
export function primaryLogger(level: string): PrimaryLog {
  const threshold = LEVELS[level] ?? Number.POSITIVE_INFINITY;
  const host = hostname();
  const write = (value: number) => (object: object, message: string) => {
    if (value < threshold) return;
    const fields: Record<string, unknown> = { ...object };
    if (fields.err instanceof Error)
      fields.err = { type: fields.err.name, message: fields.err.message, stack: fields.err.stack };
    process.stdout.write(
      `${JSON.stringify({ level: value, time: Date.now(), pid: process.pid, hostname: host, role: 'primary', ...fields, msg: message })}\n`,
    );
  };
  return { info: write(30), warn: write(40), error: write(50), fatal: write(60) };
}

/** The pause before replacing a worker that died, after `quickDeaths` replacements that died young. */
export function restartDelayMs(quickDeaths: number): number {
  return Math.min(RESTART_DELAY_MIN_MS * 2 ** quickDeaths, RESTART_DELAY_MAX_MS);
}

/**
 * WEB_CONCURRENCY > 1: this process prepares the database once (migrations, admins, demo data),
 * then forks that many workers that share the port through node:cluster (the primary accepts and
 * hands connections to the workers in turn). It serves nothing itself. A worker that dies is
 * replaced with back-off; SIGTERM or SIGINT is passed on to every worker, which stops gracefully,
 * and the primary exits 0 once all have exited cleanly (1 if one did not, or if they outlast
 * SHUTDOWN_TIMEOUT_MS).
 */
export async function runClusterPrimary(config: Config, prepare: (log: PrimaryLog) => Promise<void>): Promise<void> {
  const log = primaryLogger(config.logLevel);
  await prepare(log);

  const workers = new Map<number, Worker>();
  const quickDeaths = new Map<number, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let stopFailed = false;

  const finish = () => {
    log.info(
      { failed: stopFailed },
      stopFailed ? 'App processes stopped, not all cleanly' : 'All app processes stopped cleanly',
    );
    process.exit(stopFailed ? 1 : 0);
  };

  function fork(index: number): void {
    const startedAt = Date.now();
    const worker = cluster.fork({ [WORKER_INDEX_VARIABLE]: String(index) });
    const pid = worker.process.pid;
    workers.set(index, worker);
    worker.on('exit', (code, signal) => {
      if (workers.get(index) === worker) workers.delete(index);
      if (stopping) {
        if (code !== 0) {
          stopFailed = true;
          log.error({ worker: index, pid, code, signal }, 'An app process did not stop cleanly');
        }
        if (workers.size === 0) finish();
        return;
      }
      const deaths = Date.now() - startedAt >= STABLE_AFTER_MS ? 0 : (quickDeaths.get(index) ?? 0);
      quickDeaths.set(index, deaths + 1);
      const delayMs = restartDelayMs(deaths);
      log.error({ worker: index, pid, code, signal, restartInMs: delayMs }, 'An app process exited; starting another');
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopping) fork(index);
      }, delayMs);
      restarts.add(timer);
    });
  }

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: workers.size }, 'Stopping the app processes');
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    for (const worker of workers.values()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error(
        { timeoutMs: config.shutdownTimeoutMs, left: workers.size },
        'App processes did not stop within SHUTDOWN_TIMEOUT_MS; killing them',
      );
      for (const worker of workers.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + STOP_MARGIN_MS).unref();
    if (workers.size === 0) finish();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log.info({ workers: config.webConcurrency }, 'Database ready; starting the app processes');
  for (let index = 0; index < config.webConcurrency; index += 1) fork(index);
}
