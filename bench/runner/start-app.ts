import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Plugin } from 'esbuild';
import { buildServerBundle } from '../../src/server/test/server-bundle';

export interface RunningApp {
  baseUrl: string;
  /** The app's process (with WEB_CONCURRENCY > 1, the cluster primary whose children serve). */
  pid: number;
  /** The app's SESSION_SECRET: the bench signs stamp codes with the key the app derives from it. */
  sessionSecret: string;
  /** Stops it with SIGTERM, as a supervisor would, and says whether it stopped cleanly. */
  stop(): Promise<AppStop>;
}

export interface AppStop {
  exitCode: number | null;
  /** Lines of its log that show work cut short by the stop (a query after the pool ended). */
  poolEndedErrors: number;
}

/** What a query logs when it comes after the pool was ended: the stop cut work in half. */
const POOL_ENDED = 'Cannot use a pool after calling end';

const START_TIMEOUT_MS = 90_000;

/** What the app's clock reads ahead of the real time, in the bundle built with `clockAheadMs`. */
const CLOCK_AHEAD_VARIABLE = 'BENCH_CLOCK_AHEAD_MS';

/**
 * The app's one clock (src/server/lib/clock.ts) moved ahead by CLOCK_AHEAD_VARIABLE: the server
 * reads the system clock and nothing else sets it, so a run that needs a time of day (the campaign's
 * messages by phone wait for 09:00 in Pakistan) gets a bundle of its own with this clock in its place.
 */
const clockAhead: Plugin = {
  name: 'bench-clock-ahead',
  setup(build) {
    build.onLoad({ filter: /src[\\/]server[\\/]lib[\\/]clock\.ts$/ }, () => ({
      loader: 'ts',
      contents: `const aheadMs = Number(process.env.${CLOCK_AHEAD_VARIABLE} ?? 0);
        export const systemClock = { now: () => new Date(Date.now() + aheadMs) };`,
    }));
  },
};

async function isAnswering(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The real server (src/server/main.ts: migrations, routes, e-mail worker), built and started as
 * `npm start` runs it, in a process of its own so that the load generator does not share its
 * event loop. Production settings, demo mode off,
 * rate limits out of the way (one bench address would otherwise trip the per-IP limits), and
 * only warnings logged.
 */
export async function startApp(options: {
  packageRoot: string;
  databaseUrl: string;
  port: number;
  processes: number;
  /** DATABASE_READ_URL: a streaming replica for the read-only pages (decision 049). */
  readUrl?: string | null;
  /** Node's --cpu-prof into this folder: one .cpuprofile per process, written when it exits. */
  cpuProfileDir?: string | null;
  /** More settings (the message providers of the campaign run). */
  env?: Record<string, string>;
  /** The secret of an app started before on the same data (a restart: its sessions and codes stay good). */
  sessionSecret?: string;
  /** The app's clock this far ahead of the real time (a time of day the run needs). */
  clockAheadMs?: number;
}): Promise<RunningApp> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  if (await isAnswering(baseUrl)) throw new Error(`Something already answers on ${baseUrl}; pick another --port`);
  const sessionSecret = options.sessionSecret ?? randomBytes(36).toString('base64url');
  const bundle =
    options.clockAheadMs === undefined
      ? await buildServerBundle(options.packageRoot, 'bench')
      : await buildServerBundle(options.packageRoot, 'bench-clock', [clockAhead]);
  const profiling = options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : [];
  const child = spawn(process.execPath, ['--enable-source-maps', ...profiling, bundle], {
    cwd: options.packageRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      // Empty is unset: a DATABASE_READ_URL of the bench's own environment does not leak in.
      DATABASE_READ_URL: options.readUrl ?? '',
      SESSION_SECRET: sessionSecret,
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SMTP_URL: '',
      ADMIN_EMAILS: '',
      WEB_CONCURRENCY: String(options.processes),
      ...options.env,
      ...(options.clockAheadMs === undefined ? {} : { [CLOCK_AHEAD_VARIABLE]: String(options.clockAheadMs) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its log goes on to the bench's, and is read for work that a stop cut short.
  let poolEndedErrors = 0;
  let tail = '';
  const relay = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
    target.write(chunk);
    const text = tail + chunk.toString('utf8');
    poolEndedErrors += text.split(POOL_ENDED).length - 1;
    tail = text.slice(-(POOL_ENDED.length - 1));
  };
  child.stdout.on('data', relay(process.stdout));
  child.stderr.on('data', relay(process.stderr));
  const exited = once(child, 'exit');
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await isAnswering(baseUrl))) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it answered`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app did not answer on ${baseUrl} within ${START_TIMEOUT_MS / 1000} s`);
    }
    await sleep(250);
  }
  return {
    baseUrl,
    pid: child.pid!,
    sessionSecret,
    async stop() {
      if (child.exitCode === null) {
        // No pause first: the app finishes what is in flight, e-mails sent after answers included.
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      return { exitCode: child.exitCode, poolEndedErrors };
    },
  };
}
