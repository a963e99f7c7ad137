import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './local-process';

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own: its own data folder, port and socket folder, so the test
 * can stop, restart or cut it without touching the server other tests share. Fault tests use it
 * to take the database away under a running app; a replica can be started beside it later.
 */
export interface PrivatePostgres {
  /** The `postgres` database as superuser `postgres` (trust authentication, 127.0.0.1 only). */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Address of another database on this server. */
  databaseUrl(name: string): string;
  createDatabase(name: string): Promise<string>;
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

export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const found = findPostgresBinaries();
  if (!found.available) throw new Error(`Cannot start a private PostgreSQL: ${found.reason}`);
  const { binDir } = found;
  const asRoot = process.getuid?.() === 0;
  const account = asRoot ? systemAccount('postgres') : null;
  const root = mkdtempSync(path.join(tmpdir(), 'chaska-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  if (account) chownSync(root, account.uid, account.gid);

  /** Runs a server program, as the `postgres` account when we are root. */
  const tool = async (name: string, args: string[]) => {
    const program = path.join(binDir, name);
    const [command, commandArgs] = account ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
    try {
      await run(command, commandArgs, { cwd: root, timeout: 60_000 });
    } catch (error) {
      const output = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`${name} ${args.join(' ')} failed: ${output.stderr || output.stdout || output.message}`, {
        cause: error,
      });
    }
  };

  const pgCtl = (...args: string[]) => tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '30', ...args]);
  let port: number;
  try {
    port = await initialise();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  async function initialise(): Promise<number> {
    await tool('initdb', [
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
    const freeTcpPort = await freePort();
    // Only this test reaches it: TCP on 127.0.0.1 and a socket in its own folder. Durability is
    // not under test (every stop is a clean one), so the server skips fsync and stays small.
    const settings = [
      `port = ${freeTcpPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      'fsync = off',
      'full_page_writes = off',
      'shared_buffers = 32MB',
      'max_connections = 60',
      "log_min_messages = 'warning'",
      ...(options.settings ?? []),
    ];
    const configFile = path.join(dataDir, 'postgresql.auto.conf');
    writeFileSync(configFile, `${settings.join('\n')}\n`, { flag: 'a' });
    if (account) chownSync(configFile, account.uid, account.gid);
    await pgCtl('start');
    return freeTcpPort;
  }

  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const databaseUrl = (name: string) => `postgresql://postgres@127.0.0.1:${port}/${name}`;
  const asAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  let destroyed = false;

  return {
    url,
    port,
    dataDir,
    databaseUrl,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      await asAdmin((client) => client.query(`create database ${name}`));
      return databaseUrl(name);
    },
    terminateConnections(database) {
      return asAdmin(async (client) => {
        const result = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
        return result.rowCount ?? 0;
      });
    },
    stop: () => pgCtl('stop', '-m', 'fast'),
    start: () => pgCtl('start'),
    restart: () => pgCtl('restart', '-m', 'fast'),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
