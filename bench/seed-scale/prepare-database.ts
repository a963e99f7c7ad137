import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { databaseNameOf } from '../bench-accounts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Creates the target database on its server when it does not exist yet. */
async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  if (!IDENTIFIER.test(name)) throw new Error(`Unsupported database name "${name}": use letters, digits and _`);
  const serverUrl = new URL(databaseUrl);
  serverUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/** The app's own migrations, exactly as the server applies them at start. */
async function migrate(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

async function hasData(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ found: boolean }>(
      'select exists (select 1 from auth_user) or exists (select 1 from vendors) or exists (select 1 from loyalty_cards) as found',
    );
    return result.rows[0]?.found ?? false;
  } finally {
    await client.end();
  }
}

/** Drops everything the migrations made, so that they run again from the start. */
async function wipe(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('drop schema if exists public cascade');
    await client.query('drop schema if exists drizzle cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

/** Ready to load: exists, migrated and empty. A database with data is only emptied when asked. */
export async function prepareDatabase(databaseUrl: string, reset: boolean, log: (line: string) => void): Promise<void> {
  await ensureDatabaseExists(databaseUrl);
  if (reset) {
    log(`Emptying ${databaseNameOf(databaseUrl)} (--reset)`);
    await wipe(databaseUrl);
  }
  await migrate(databaseUrl);
  if (await hasData(databaseUrl)) {
    throw new Error(
      `${databaseNameOf(databaseUrl)} already has data. Run again with --reset to empty it first, or pass --database-url for another database.`,
    );
  }
}
