import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './local-process';

const run = promisify(execFile);

/** What a test can do to any server of its own, a primary or a replica. */
export interface PrivateServer {
  /** The `postgres` database as superuser `postgres` (trust authentication, 127.0.0.1 only). */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Address of another database on this server. */
  databaseUrl(name: string): string;
  /** Ends every session of `database` (pg_terminate_backend), as an administrator or failover would. */
  terminateConnections(database: string): Promise<number>;
  /** `pg_ctl stop -m fast`: sessions are ended and the server goes away until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
  /** Stops the server at once and deletes its folder. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL server of a test's own: its own data folder, port and socket folder, so the test
 * can stop, restart or cut it without touching the server other tests share. Fault tests use it
 * to take the database away under a running app; replica tests start a streaming replica of it.
 */
export interface PrivatePostgres extends PrivateServer {
  createDatabase(name: string): Promise<string>;
  /**
   * A hot standby of this server (pg_basebackup -R into a folder of its own, on another port),
   * streaming from it and caught up when returned. Needs the server started with
   * REPLICATION_PRIMARY_SETTINGS. destroy() of this server destroys its replicas too.
   */
  startReplica(): Promise<PrivateReplica>;
}

/** A streaming replica: read-only, replaying what its primary writes. */
export interface PrivateReplica extends PrivateServer {
  /** Stops applying the primary's changes (pg_wal_replay_pause), as a replica that lags behind. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until everything the primary has written so far is visible here. */
  waitForReplay(timeoutMs?: number): Promise<void>;
}

/** What a primary needs so that a replica can stream from it (initdb's pg_hba already allows 127.0.0.1). */
export const REPLICATION_PRIMARY_SETTINGS = ['wal_level = replica', 'max_wal_senders = 4', 'wal_keep_size = 64MB'];

export type PostgresAvailability = { available: true; binDir: string } | { available: false; reason: string };

/** The newest /usr/lib/postgresql/<version>/bin with initdb, pg_ctl and postgres (PG_BIN_DIR overrides). */
export function findPostgresBinaries(): PostgresAvailability {
  const fromEnvironment = process.env.PG_BIN_DIR;
  const candidates = fromEnvironment
    ? [fromEnvironment]
    : (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join('/usr/lib/postgresql', version, 'bin'));
  const binDir = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(path.join(dir, tool))),
  );
  if (!binDir) {
    return {
      available: false,
      reason: 'the PostgreSQL server programs (initdb, pg_ctl, postgres) are not installed: apt-get install postgresql',
    };
  }
  // PostgreSQL refuses to run as root; as root, the server runs as the `postgres` account.
  if (process.getuid?.() === 0 && systemAccount('postgres') === null) {
    return { available: false, reason: 'running as root and there is no `postgres` account to run the server as' };
  }
  return { available: true, binDir };
}

/**
 * Whether a test that runs PostgreSQL's own programs runs here: on the PostgreSQL pass
 * (TEST_DATABASE_URL set) only, as it never touches PGlite and the embedded pass would repeat it
 * for nothing; skipped with one line saying why where the programs are missing, except in CI,
 * where that is an error.
 */
export function serverProgramsTestPlan(test: string): { run: true; binDir: string } | { run: false } {
  const skip = (reason: string) => {
    console.warn(`Skipping the ${test} test: ${reason}.`);
    return { run: false } as const;
  };
  if (!process.env.TEST_DATABASE_URL) return skip('it runs on the PostgreSQL pass (TEST_DATABASE_URL set)');
  const binaries = findPostgresBinaries();
  if (binaries.available) return { run: true, binDir: binaries.binDir };
  if (process.env.CI) throw new Error(`The ${test} test needs PostgreSQL's programs in CI: ${binaries.reason}`);
  return skip(binaries.reason);
}

function systemAccount(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

export interface PrivatePostgresOptions {
  /** Extra postgresql.conf lines (for instance what a primary with a streaming replica needs). */
  settings?: string[];
}

/** Runs the server programs of `binDir`, as the `postgres` account when we are root. */
function serverTools(binDir: string) {
  const account = process.getuid?.() === 0 ? systemAccount('postgres') : null;
  return {
    /** A temporary folder the server's account owns. */
    makeRoot(): string {
      const root = mkdtempSync(path.join(tmpdir(), 'chaska-pg-'));
      if (account) chownSync(root, account.uid, account.gid);
      return root;
    },
    /** Appends settings to a data folder's postgresql.auto.conf (the last value of a setting wins). */
    appendSettings(dataDir: string, settings: string[]): void {
      const configFile = path.join(dataDir, 'postgresql.auto.conf');
      writeFileSync(configFile, `${settings.join('\n')}\n`, { flag: 'a' });
      if (account) chownSync(configFile, account.uid, account.gid);
    },
    async tool(cwd: string, name: string, args: string[]): Promise<void> {
      const program = path.join(binDir, name);
      const [command, commandArgs] = account
        ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
        : [program, args];
      try {
        await run(command, commandArgs, { cwd, timeout: 60_000 });
      } catch (error) {
        const output = error as { stdout?: string; stderr?: string; message: string };
        throw new Error(`${name} ${args.join(' ')} failed: ${output.stderr || output.stdout || output.message}`, {
          cause: error,
        });
      }
    },
  };
}

type ServerTools = ReturnType<typeof serverTools>;

/** Settings every private server runs with: only this test reaches it, and it stays small. */
function privateServerSettings(port: number, root: string): string[] {
  // TCP on 127.0.0.1 and a socket in its own folder. Durability is not under test (every stop is
  // a clean one), so the server skips fsync.
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${root}'`,
    'fsync = off',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
    "log_min_messages = 'warning'",
  ];
}

async function asSuperuser<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Start, stop and the rest for a server already set up in `root`/data on `port`. */
function controlServer(tools: ServerTools, root: string, port: number): PrivateServer {
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const pgCtl = (...args: string[]) =>
    tools.tool(root, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '30', ...args]);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let destroyed = false;
  return {
    url,
    port,
    dataDir,
    databaseUrl: (name) => `postgresql://postgres@127.0.0.1:${port}/${name}`,
    terminateConnections(database) {
      return asSuperuser(url, async (client) => {
        const result = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
        return result.rowCount ?? 0;
      });
    },
    stop: () => pgCtl('stop', '-m', 'fast'),
    async start() {
      try {
        await pgCtl('start');
      } catch (error) {
        // pg_ctl only says "examine the log": the reason is in it.
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
        throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
      }
    },
    restart: () => pgCtl('restart', '-m', 'fast'),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const found = findPostgresBinaries();
  if (!found.available) throw new Error(`Cannot start a private PostgreSQL: ${found.reason}`);
  const tools = serverTools(found.binDir);
  const root = tools.makeRoot();
  const dataDir = path.join(root, 'data');
  let server: PrivateServer;
  try {
    await tools.tool(root, 'initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    const port = await freePort();
    tools.appendSettings(dataDir, [...privateServerSettings(port, root), ...(options.settings ?? [])]);
    server = controlServer(tools, root, port);
    await server.start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const replicas: PrivateReplica[] = [];

  async function startReplica(): Promise<PrivateReplica> {
    const replicaRoot = tools.makeRoot();
    const replicaDataDir = path.join(replicaRoot, 'data');
    let replica: PrivateServer;
    try {
      // -R writes standby.signal and primary_conninfo: the copy starts as a hot standby streaming
      // from this server. -X stream carries the WAL written while the copy is taken.
      await tools.tool(replicaRoot, 'pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(server.port),
        '-U',
        'postgres',
        '-D',
        replicaDataDir,
        '-R',
        '-X',
        'stream',
        // A spread checkpoint paces its writes over minutes once a migration has dirtied pages.
        '--checkpoint=fast',
        '--no-sync',
      ]);
      const port = await freePort();
      // The copied postgresql.auto.conf names the primary's port and socket folder; these come later and win.
      // The primary's own settings again: a hot standby refuses to start with fewer connections
      // (and other limits) than its primary has.
      tools.appendSettings(replicaDataDir, [
        ...privateServerSettings(port, replicaRoot),
        ...(options.settings ?? []),
        'hot_standby = on',
      ]);
      replica = controlServer(tools, replicaRoot, port);
      await replica.start();
    } catch (error) {
      rmSync(replicaRoot, { recursive: true, force: true });
      throw error;
    }
    const waitForReplay = async (timeoutMs = 30_000) => {
      const target = await asSuperuser(server.url, async (client) => {
        const result = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
        return result.rows[0]!.lsn;
      });
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const caughtUp = await asSuperuser(replica.url, async (client) => {
          const result = await client.query<{ caught_up: boolean | null }>(
            'select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up',
            [target],
          );
          return result.rows[0]?.caught_up === true;
        }).catch(() => false);
        if (caughtUp) return;
        if (performance.now() > deadline)
          throw new Error(`The replica did not replay up to ${target} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const handle: PrivateReplica = {
      ...replica,
      // The pause is only requested by pg_wal_replay_pause(): wait until the replica says it has
      // paused, so that whatever the primary writes next is not applied.
      pauseReplay: () =>
        asSuperuser(replica.url, async (client) => {
          await client.query('select pg_wal_replay_pause()');
          const deadline = performance.now() + 10_000;
          for (;;) {
            const result = await client.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
            if (result.rows[0]?.state === 'paused') return;
            if (performance.now() > deadline) throw new Error('The replica did not pause its replay within 10 s');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }),
      resumeReplay: () =>
        asSuperuser(replica.url, async (client) => void (await client.query('select pg_wal_replay_resume()'))),
      waitForReplay,
    };
    replicas.push(handle);
    await waitForReplay();
    return handle;
  }

  return {
    ...server,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      await asSuperuser(server.url, (client) => client.query(`create database ${name}`));
      return server.databaseUrl(name);
    },
    startReplica,
    async destroy() {
      await Promise.all(replicas.map((replica) => replica.destroy()));
      await server.destroy();
    },
  };
}
