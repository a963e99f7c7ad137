import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootDir } from '@server/paths';
import { freePort, waitForHealth } from './local-process';
import { serverBundlePath } from './server-bundle';

/** The real server (src/server/main.ts) running as a process of its own, as in production. */
export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it printed, for a failing test to show. */
  output(): string;
  /** Whether it is still running (it never should stop by itself). */
  alive(): boolean;
  stop(): Promise<void>;
}

export const APP_PROCESS_SECRET = 'app-process-session-secret-long-enough-0123456789';

/**
 * Starts the server on a free port against `databaseUrl` and waits for /api/health: the bundle the
 * unit project's global setup built from the source as it is (server-bundle.ts), not dist/, so
 * the test needs no `npm run build` and sees the code as is.
 */
export async function startAppProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const app = await launchAppProcess(databaseUrl, env);
  await app.ready;
  return app;
}

/** Starts the app like startAppProcess, without waiting: `ready` resolves once it answers /api/health. */
export async function launchAppProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<AppProcess & { ready: Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chaska-app-'));
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundlePath(rootDir, 'test')], {
    cwd: rootDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_MODE: 'false',
      SESSION_SECRET: APP_PROCESS_SECRET,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    // The last 2 MB are plenty to explain a failure.
    printed = (printed + chunk.toString('utf8')).slice(-2_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const ready = waitForHealth(baseUrl, child, 180_000).catch((error: unknown) => {
    if (alive()) child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${printed}`, { cause: error });
  });
  return {
    baseUrl,
    child,
    ready,
    output: () => printed,
    alive,
    async stop() {
      if (alive()) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (alive()) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
