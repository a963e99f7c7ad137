import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migratedPgliteDump, openDatabase } from '@server/db/client';
import { migrationsFolder } from '@server/paths';

/*
 * The migrated template a test file's database starts from, made once per set of migrations: a
 * PostgreSQL template database on the server, or a dump of an embedded database in a file.
 */

/**
 * Builds the migrated template the test files copy, once, before any worker starts (the unit
 * project's global setup): on a cold, busy machine, workers that each migrated a template at the
 * same time ran past their first hook's timeout.
 */
export async function prepareTestDatabaseTemplate(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await postgresTemplate(serverUrl);
  else await pgliteTemplate();
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of [...files, 'meta/_journal.json']) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withServer<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

let pgliteDump: Promise<Blob> | undefined;

/** A dump of a migrated embedded database, shared by the test workers through a file. */
export function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(tmpdir(), `chaska-pglite-template-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const dump = await migratedPgliteDump();
    // Written aside and renamed, so a worker never reads half a file another one is writing.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return pgliteDump;
}

const templates = new Map<string, Promise<string>>();
/** Templates of other sets of migrations kept on a server beside the one being made. */
const KEPT_TEMPLATES = 3;

/**
 * The migrated template database on this server, made once under an advisory lock so parallel
 * workers wait for the first one instead of racing; the oldest templates are dropped then.
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = withServer(serverUrl, async (admin) => {
      const name = `chaska_template_${migrationsHash()}`;
      await admin.query(`select pg_advisory_lock(hashtext('chaska test template'))`);
      try {
        const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!rowCount) {
          // Older templates go, but not the newest few, nor one in use: another checkout's run on
          // this server (other migrations, another template) may be copying it right now.
          const old = await admin.query<{ datname: string }>(
            `select datname from pg_database where datname like 'chaska\\_template\\_%' order by oid desc offset ${KEPT_TEMPLATES}`,
          );
          for (const { datname } of old.rows)
            await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
          await admin.query(`create database ${name}`);
          const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 1 });
          try {
            await handle.migrate();
          } finally {
            await handle.close();
          }
        }
      } finally {
        await admin.query(`select pg_advisory_unlock(hashtext('chaska test template'))`);
      }
      return name;
    });
    templates.set(serverUrl, template);
  }
  return template;
}
