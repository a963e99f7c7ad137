import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Use cases take either the database or an open transaction. */
export type Executor = Database | Transaction;

export type NotificationHandler = (payload: string) => void;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  migrate(): Promise<void>;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** loadDataDir: start from a dump of another embedded database (tests start from a migrated one). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]*$/;

function assertChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter, so only safe names pass.
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    async listen(channel, handler) {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client dropped by the server; the pool replaces it on next use.
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    db,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    async listen(channel, handler) {
      assertChannel(channel);
      // LISTEN needs one connection of its own for as long as it listens. If the server drops it,
      // reconnect with back-off so live events resume without a restart.
      let stopped = false;
      let current: pg.Client | null = null;
      let retryDelayMs = 500;
      const scheduleReconnect = () => {
        const delay = retryDelayMs;
        retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
        setTimeout(() => {
          if (!stopped) connect().catch(scheduleReconnect);
        }, delay).unref();
      };
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: url });
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        client.on('error', () => undefined);
        client.on('end', () => {
          listeners.delete(client);
          if (stopped || current !== client) return;
          current = null;
          scheduleReconnect();
        });
        await client.connect();
        await client.query(`LISTEN ${channel}`);
        if (stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        retryDelayMs = 500;
        current = client;
        listeners.add(client);
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
  return options.kind === 'pglite' ? openPglite(options.dataDir, options.loadDataDir) : openPostgres(options.url, options.poolSize);
}
