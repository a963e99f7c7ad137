import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '@server/paths';
import { SelfHealingPool } from './self-healing-pool';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** How the schema's property names become column names (drizzle.config.ts says the same to drizzle-kit). */
export const COLUMN_CASING = 'snake_case';
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Use cases take either the database or an open transaction. */
export type Executor = Database | Transaction;

export type NotificationHandler = (payload: string) => void;

export interface ListenOptions {
  /**
   * Called when listening resumes after the connection was lost: notifications sent in between
   * were missed, so whoever listens should assume something changed.
   */
  onResumed?: () => void;
}

/** A connection the server dropped (restart, failover, pg_terminate_backend); the app carries on. */
export type ConnectionErrorListener = (error: Error, connection: 'pool' | 'listen') => void;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  /** The embedded database was made by this open, in an empty data folder (a first start). */
  created?: boolean;
  db: Database;
  migrate(): Promise<void>;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, handler: NotificationHandler, options?: ListenOptions): Promise<() => Promise<void>>;
  /** Reports connections lost while no query was waiting on them (to log them); returns an unsubscribe. */
  onConnectionError(listener: ConnectionErrorListener): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /**
   * loadDataDir: start from a dump of another embedded database (tests start from a migrated one).
   * templateFile: the dump an empty dataDir starts from, if the file exists (the build's, paths.ts).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; templateFile?: string }
  | { kind: 'postgres'; url: string; poolSize?: number };

/**
 * How long a request waits for a connection (a new one, or a free one from a busy pool) before
 * it is answered "briefly unavailable" instead of hanging while the server is unreachable.
 */
export const CONNECTION_TIMEOUT_MS = 5_000;
/** Longest pause between attempts to LISTEN again after the connection was lost. */
export const LISTEN_RETRY_MAX_MS = 5_000;
/** TCP keep-alive, so a server that vanished without closing the socket is noticed in seconds. */
const KEEP_ALIVE_DELAY_MS = 10_000;
/**
 * Settings of every pooled connection. JIT compilation off: PostgreSQL compiles a statement whose
 * estimated cost passes jit_above_cost, and the analytics page's one statement (decision 068)
 * estimates high from its per-customer subqueries while running in tens of milliseconds; the
 * compilation took 2.5 s of it. Our reads are index scans of one vendor's rows, where JIT never
 * pays (PostgreSQL's own advice for short queries). PGlite is built without JIT.
 */
const CONNECTION_OPTIONS = '-c jit=off';

/**
 * The URL with CONNECTION_OPTIONS after any `options` it names (a statement timeout, say):
 * node-postgres lets the URL's `options` win over the one it is given beside it.
 */
export function withConnectionOptions(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(
    'options',
    [parsed.searchParams.get('options'), CONNECTION_OPTIONS].filter(Boolean).join(' '),
  );
  return parsed.toString();
}

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]*$/;

function assertChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter, so only safe names pass.
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

/**
 * The contrib extensions the migrations create: "near me" measures distance with earthdistance
 * on cube (decision 088). PGlite ships them but loads only the ones it is given.
 */
const PGLITE_EXTENSIONS = { cube, earthdistance };

/** A migrated, empty embedded database as a tarball: what the build keeps for a first start, and the tests' template. */
export async function migratedPgliteDump(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir(compression);
  } finally {
    await client.close();
  }
}

/**
 * An empty data folder starts from the build's migrated copy (`npm run build` writes it), not
 * from PostgreSQL's initdb and every migration: that was most of a first start, over a minute on
 * a busy machine. Migrations still run after it, for any the copy does not hold.
 */
function templateFor(dataDir: string, templateFile: string): Blob | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(templateFile)) return undefined;
  return new Blob([readFileSync(templateFile)], {
    type: templateFile.endsWith('.gz') ? 'application/x-gzip' : 'application/x-tar',
  });
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const { dataDir, loadDataDir, templateFile } = options;
  const created = dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION'));
  const startFrom = loadDataDir ?? (dataDir && templateFile ? templateFor(dataDir, templateFile) : undefined);
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(startFrom ? { loadDataDir: startFrom } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: COLUMN_CASING }) as unknown as Database;
  return {
    kind: 'pglite',
    created,
    db,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    async listen(channel, handler) {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    // In-process: there is no connection to lose.
    onConnectionError: () => () => undefined,
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const connectionErrorListeners = new Set<ConnectionErrorListener>();
  const reportConnectionError = (error: Error, connection: 'pool' | 'listen') => {
    for (const listener of connectionErrorListeners) listener(error, connection);
  };
  const connectionSettings = {
    connectionString: withConnectionOptions(url),
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
  };
  const pool = new SelfHealingPool({ ...connectionSettings, max: poolSize });
  // Every client reports its own connection errors (below); the pool re-emits those of idle
  // clients after removing them, and connects anew on next use.
  pool.on('error', () => undefined);
  // A checked-out client whose server goes away between two queries (inside a transaction, say)
  // emits 'error' with no pool listener on it; unheard, that event would end the process. Its
  // borrower hears about it from its next query, and SelfHealingPool frees its slot.
  pool.on('connect', (client) => {
    client.on('error', (error) => reportConnectionError(error, 'pool'));
  });
  const db = drizzlePg(pool, { schema, casing: COLUMN_CASING }) as unknown as Database;
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    db,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    async listen(channel, handler, options = {}) {
      assertChannel(channel);
      // LISTEN needs one connection of its own for as long as it listens. If the server drops it,
      // reconnect with back-off (0.5 s doubling to LISTEN_RETRY_MAX_MS) so live events resume
      // without a restart, and say so through onResumed.
      let stopped = false;
      let current: pg.Client | null = null;
      let retryDelayMs = 500;
      let lost = false;
      const scheduleReconnect = () => {
        const delay = retryDelayMs;
        retryDelayMs = Math.min(retryDelayMs * 2, LISTEN_RETRY_MAX_MS);
        setTimeout(() => {
          if (!stopped) connect().catch(scheduleReconnect);
        }, delay).unref();
      };
      const connect = async (): Promise<void> => {
        const client = new pg.Client(connectionSettings);
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        client.on('error', (error) => reportConnectionError(error, 'listen'));
        client.on('end', () => {
          listeners.delete(client);
          if (stopped || current !== client) return;
          current = null;
          lost = true;
          scheduleReconnect();
        });
        try {
          await client.connect();
          await client.query(`LISTEN ${channel}`);
        } catch (error) {
          await client.end().catch(() => undefined);
          throw error;
        }
        if (stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        retryDelayMs = 500;
        current = client;
        listeners.add(client);
        if (lost) {
          lost = false;
          options.onResumed?.();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        const client = current;
        current = null;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => undefined);
        }
      };
    },
    onConnectionError(listener) {
      connectionErrorListeners.add(listener);
      return () => connectionErrorListeners.delete(listener);
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      listeners.clear();
      await pool.end();
    },
  };
}

export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options.url, options.poolSize);
}
