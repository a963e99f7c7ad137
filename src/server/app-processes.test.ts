import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchAppProcess, startAppProcess, type AppProcess } from './test/app-process';
import { createCard, createVendor } from './test/factories';
import { createApiClient, signUp } from './test/stamp-load';
import { createTestDatabase } from './test/test-database';
import type { DatabaseHandle } from './db/client';

/**
 * The real server as a process of its own (src/server/main.ts), stopped with SIGTERM as a
 * supervisor stops it, and run as several processes on one port (WEB_CONCURRENCY).
 *
 * All but the refusal tests need PostgreSQL (TEST_DATABASE_URL): a PGlite database lives inside
 * one process, so neither a test holding a lock beside the app nor several app processes can
 * share it. CI sets TEST_DATABASE_URL, so they run there.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.warn(
    'Skipping the app process tests that need PostgreSQL: they run on the PostgreSQL pass (TEST_DATABASE_URL set).',
  );

const POOL_ENDED = 'Cannot use a pool after calling end';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Whether a statement of this database is waiting for a lock (the test holds one to keep work in flight). */
async function someoneWaitsOnALock(client: pg.Client): Promise<boolean> {
  const waiting = await client.query<{ count: number }>(
    "select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return (waiting.rows[0]?.count ?? 0) > 0;
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
}

/** Whether a fresh TCP connection to the app's port is accepted. */
function acceptsConnections(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The app's JSON log lines (pino), with the pid every line carries. */
function logLines(output: string): Array<{ pid?: number; msg?: string; backgroundJobs?: boolean }> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { pid?: number; msg?: string; backgroundJobs?: boolean });
}

function pidsLogging(output: string, message: string): Set<number> {
  return new Set(
    logLines(output).flatMap((line) =>
      String(line.msg).startsWith(message) && line.pid !== undefined ? [line.pid] : [],
    ),
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A GET on a connection of its own (no keep-alive), so the cluster hands each to a worker in turn. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** One database for the file: the app processes under test are started against it in turn. */
let database: DatabaseHandle & { url?: string };

beforeAll(async () => {
  if (serverUrl) database = await createTestDatabase();
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe.skipIf(!serverUrl)('stopping the app (SIGTERM)', () => {
  it(
    'finishes a request in flight with 200, ends an open live stream, refuses new connections and exits 0',
    { timeout: 180_000 },
    async () => {
      const app = await startAppProcess(database.url!, { LOG_LEVEL: 'info' });
      const locker = new pg.Client({ connectionString: database.url });
      try {
        const customer = await signUp(createApiClient(app.baseUrl), 'Sana');
        const live = await fetch(`${app.baseUrl}/api/live`, { headers: { cookie: customer.cookie } });
        expect(live.status).toBe(200);
        const liveEnded = live.text();

        // A request the database keeps waiting: the landing figures read vendors, locked here.
        await locker.connect();
        await locker.query('begin');
        await locker.query('lock table vendors in access exclusive mode');
        const inFlight = fetch(`${app.baseUrl}/api/marketplace/stats`);
        await until('the request to wait on the lock', () => someoneWaitsOnALock(locker));

        const exited = exitOf(app.child);
        app.child.kill('SIGTERM');
        await until('the shutdown to start', () => app.output().includes('Shutting down'));
        // The live stream does not hold the stop up, and the listener closes while the request
        // is still in flight (a moment after the log line, on a busy machine).
        await liveEnded;
        await until('the listener to close', async () => !(await acceptsConnections(app.baseUrl)), 5_000);
        expect(app.alive()).toBe(true);

        await locker.query('commit');
        const answer = await inFlight;
        expect(answer.status).toBe(200);
        expect(await answer.json()).toHaveProperty('approvedVendors');
        expect(await exited, app.output()).toEqual({ code: 0, signal: null });
        expect(app.output()).toContain('Shut down cleanly');
        expect(app.output()).not.toContain(POOL_ENDED);
      } finally {
        await locker.end().catch(() => undefined);
        await app.stop();
      }
    },
  );

  it('does not wait for a connection that never sent a request', { timeout: 180_000 }, async () => {
    const app = await startAppProcess(database.url!, { SHUTDOWN_TIMEOUT_MS: '5000' });
    const { hostname, port } = new URL(app.baseUrl);
    // A browser's preconnect or a TCP health check: connected, silent.
    const silent = connect({ host: hostname, port: Number(port) });
    try {
      await once(silent, 'connect');
      const exited = exitOf(app.child);
      app.child.kill('SIGTERM');
      expect(await exited, app.output()).toEqual({ code: 0, signal: null });
    } finally {
      silent.destroy();
      await app.stop();
    }
  });

  it('lets the job of the last stamp e-mail finish before the pool ends', { timeout: 180_000 }, async () => {
    const app = await startAppProcess(database.url!, { LOG_LEVEL: 'info' });
    const locker = new pg.Client({ connectionString: database.url });
    try {
      const api = createApiClient(app.baseUrl);
      const owner = await signUp(api, 'Owais');
      const customer = await signUp(api, 'Ayesha');
      const vendor = await createVendor(database.db, { ownerUserId: owner.id, plan: 'enterprise' });
      const card = await createCard(database.db, vendor.id, { stampsRequired: 5, minStampIntervalMinutes: 0 });
      const minted = await api.call('POST', `/api/vendor/cards/${card.id}/counter-code`, { cookie: owner.cookie });
      expect(minted.status).toBe(200);
      const code = (minted.body as { code: { qrPayload: string } }).code.qrPayload;

      // The stamp's e-mail job (decision 052) puts it in the outbox after the answer; the lock keeps
      // that job waiting past the stop.
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table email_messages in exclusive mode');
      const stamped = await api.call('POST', '/api/stamps/collect', { cookie: customer.cookie, body: { code } });
      expect(stamped.status).toBe(200);
      // The stamp e-mail's job, not only the sign-up e-mails' delivery, which waits on the lock too:
      // stopping before the stamp's job was claimed would leave it for the next start.
      await until('the stamp e-mail to wait on the lock', async () => {
        const running = await locker.query(`select 1 from jobs where name = 'stamp.email' and status = 'running'`);
        return running.rows.length > 0 && (await someoneWaitsOnALock(locker));
      });

      const exited = exitOf(app.child);
      app.child.kill('SIGTERM');
      await until('the shutdown to start', () => app.output().includes('Shutting down'));
      await sleep(300);
      expect(app.alive()).toBe(true);
      await locker.query('commit');

      expect(await exited, app.output()).toEqual({ code: 0, signal: null });
      expect(app.output()).not.toContain(POOL_ENDED);
      // Nothing lost: the job finished and its e-mail is in the outbox, delivered now or by the
      // outbox's own job after the restart.
      const mail = await locker.query<{ status: string }>(
        'select status from email_messages where user_id = $1 and email_type = $2',
        [customer.id, 'stamp'],
      );
      expect(mail.rows).toHaveLength(1);
      expect(['queued', 'sent']).toContain(mail.rows[0]!.status);
      const jobs = await locker.query<{ status: string }>(`select status from jobs where name = 'stamp.email'`);
      expect(jobs.rows).toEqual([{ status: 'done' }]);
    } finally {
      await locker.end().catch(() => undefined);
      await app.stop();
    }
  });
});

describe.skipIf(!serverUrl)('stopping the app under listing load', () => {
  it('lets listings whose visitors left finish before the pool ends, and exits 0', { timeout: 240_000 }, async () => {
    // Enough public cards for each listing page to read every placement tier and the partners.
    for (let index = 0; index < 6; index += 1) {
      const vendor = await createVendor(database.db, { city: index % 2 ? 'Lahore' : 'Karachi' });
      await createCard(database.db, vendor.id);
      await createCard(database.db, vendor.id, { name: 'Second card' });
    }
    // The anonymous listing memo off, as the bench measures the listings: every request reads.
    const app = await startAppProcess(database.url!, { PUBLIC_LISTING_CACHE_SECONDS: '0', LOG_LEVEL: 'info' });
    const locker = new pg.Client({ connectionString: database.url });
    try {
      const pages = ['/api/marketplace/cards', '/api/marketplace/cards?city=Lahore', '/api/marketplace/cards?limit=5'];
      const answers: Array<{ status: number; complete: boolean }> = [];
      // The load generator stops as the bench's does before it stops the app: it cuts its
      // connections with requests still being read, and the server goes on reading for them.
      const open = new Set<http.ClientRequest>();
      let leaving = false;
      const get = (url: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = http.get(url, { agent: false }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
            response.on('error', reject);
          });
          open.add(request);
          request.on('close', () => open.delete(request));
          request.on('error', reject);
        });
      const visit = async (visitor: number) => {
        for (let visit = visitor; !leaving; visit += 1) {
          try {
            const answer = await get(`${app.baseUrl}${pages[visit % pages.length]}`);
            const body = JSON.parse(answer.body) as { cards?: unknown };
            answers.push({ status: answer.status, complete: Array.isArray(body.cards) });
          } catch {
            return;
          }
        }
      };
      const visitors = Array.from({ length: 40 }, (_, visitor) => visit(visitor));
      await until('the listings to be under load', () => answers.length >= 100);

      // Keep the listings in flight at the stop: they wait on vendors, locked here.
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table vendors in access exclusive mode');
      await until('the listings to wait on the lock', () => someoneWaitsOnALock(locker));
      const exited = exitOf(app.child);
      leaving = true;
      for (const request of open) request.destroy();
      await Promise.all(visitors);
      app.child.kill('SIGTERM');
      await until('the shutdown to start', () => app.output().includes('Shutting down'));
      await sleep(300);
      await locker.query('commit');

      expect(await exited, app.output()).toEqual({ code: 0, signal: null });
      expect(app.output()).toContain('Shut down cleanly');
      expect(app.output()).not.toContain(POOL_ENDED);
      expect(answers.filter((answer) => answer.status !== 200 || !answer.complete)).toEqual([]);
    } finally {
      await locker.end().catch(() => undefined);
      await app.stop();
    }
  });
});

describe.skipIf(!serverUrl)('WEB_CONCURRENCY=2', () => {
  /** Waits until both workers of `app` have said they are ready; their process ids. */
  async function readyWorkers(app: AppProcess): Promise<number[]> {
    await until('both workers to be ready', () => pidsLogging(app.output(), 'Chaska is ready').size === 2, 60_000);
    return [...pidsLogging(app.output(), 'Chaska is ready')];
  }

  it(
    'serves one port from two worker processes, one running the background jobs, and SIGTERM stops them all',
    { timeout: 240_000 },
    async () => {
      let app: AppProcess | null = null;
      try {
        app = await startAppProcess(database.url!, { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
        const started = app;
        const workers = await readyWorkers(app);
        expect(workers).not.toContain(app.child.pid);
        const withJobs = logLines(app.output()).filter(
          (line) => String(line.msg).startsWith('Chaska is ready') && line.backgroundJobs === true,
        );
        expect(withJobs).toHaveLength(1);

        for (let request = 0; request < 8; request += 1)
          expect(await getOnNewConnection(`${app.baseUrl}/api/health`)).toBe(200);
        // A worker's log line may reach the primary's output after its answer reached the client
        // (a rehearsal under load once read the output before the second worker's line was in).
        await until(
          'both workers to log a request',
          () => pidsLogging(started.output(), 'request completed').size >= 2,
        );
        expect(pidsLogging(app.output(), 'request completed')).toEqual(new Set(workers));

        const exited = exitOf(app.child);
        app.child.kill('SIGTERM');
        expect(await exited, app.output()).toEqual({ code: 0, signal: null });
        expect(workers.filter(isRunning)).toEqual([]);
        expect(pidsLogging(app.output(), 'Shut down cleanly')).toEqual(new Set(workers));
        expect(app.output()).not.toContain(POOL_ENDED);
      } finally {
        await app?.stop();
      }
    },
  );

  it('replaces a worker that dies', { timeout: 240_000 }, async () => {
    let app: AppProcess | null = null;
    try {
      app = await startAppProcess(database.url!, { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
      const started = app;
      const [victim] = await readyWorkers(app);
      process.kill(victim!, 'SIGKILL');
      await until('a replacement worker', () => pidsLogging(started.output(), 'Chaska is ready').size === 3, 180_000);
      expect(app.output()).toContain('An app process exited; starting another');
      expect(await getOnNewConnection(`${app.baseUrl}/api/health`)).toBe(200);
    } finally {
      await app?.stop();
    }
  });
});

describe('refusing WEB_CONCURRENCY at start', () => {
  async function startFails(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const app = await launchAppProcess('', env);
    app.ready.catch(() => undefined);
    try {
      const { code } = await exitOf(app.child);
      return { code, output: app.output() };
    } finally {
      await app.stop();
    }
  }

  it('refuses several processes on the embedded database, saying why', { timeout: 120_000 }, async () => {
    const { code, output } = await startFails({ DATABASE_URL: '', WEB_CONCURRENCY: '2' });
    expect(code).toBe(1);
    expect(output).toContain('WEB_CONCURRENCY: 2 processes need a shared PostgreSQL server (DATABASE_URL)');
  });

  it('refuses a value that is not a number of processes', { timeout: 120_000 }, async () => {
    const { code, output } = await startFails({
      WEB_CONCURRENCY: 'lots',
      DATABASE_URL: 'postgresql://127.0.0.1:1/none',
    });
    expect(code).toBe(1);
    expect(output).toContain('WEB_CONCURRENCY: expected a whole number of processes from 1 to 64');
  });
});
