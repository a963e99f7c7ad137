import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { freePort, waitForHealth } from '../../src/server/test/local-process';

export interface RunningApp {
  baseUrl: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    setTimeout(resolve, 10_000).unref();
  });
}

/**
 * Starts the built app (dist/server/main.js) as production on embedded PGlite in a fresh
 * temporary folder, with the demo catalogue, on a free loopback port.
 */
export async function startBuiltApp(
  packageRoot: string,
  options: {
    /** More settings, over these, given the app's address (bench:counter: an admin, an SMS gateway, info logs). */
    env?: (baseUrl: string) => Record<string, string>;
    /** Given the app's log (its stdout) instead of passing it through. */
    readLog?: (stdout: Readable) => void;
  } = {},
): Promise<RunningApp> {
  if (!existsSync(path.join(packageRoot, 'dist/server/main.js'))) {
    throw new Error('dist/server/main.js is missing: build first (npm run build)');
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chaska-web-bench-'));
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: packageRoot,
    env: {
      ...environment,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SESSION_SECRET: 'web-bench-session-secret-long-enough-0123456789',
      LOG_LEVEL: 'warn',
      ...options.env?.(baseUrl),
    },
    stdio: ['ignore', options.readLog ? 'pipe' : 'inherit', 'inherit'],
  });
  if (options.readLog) options.readLog(child.stdout!);
  try {
    await waitForHealth(baseUrl, child, 90_000);
  } catch (error) {
    child.kill('SIGTERM');
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
