import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { migrationsFolder } from '@server/paths';
import { installDomainEffects } from '@server/after-change-effects';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 *
 * Both start from a template migrated once per set of migrations instead of migrating every
 * time: a copy of a PostgreSQL template database, or an embedded database loaded from a dump
 * (booting an empty PGlite and migrating it costs several seconds per file). The template's name
 * carries a hash of the migrations, so a changed migration makes a new template.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  // A test that calls a use case without building the app still gets the domains' effects.
  installDomainEffects();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    // Already applied in the template: this only confirms the journal matches.
    await handle.migrate();
    return handle;
  }
  const template = await postgresTemplate(serverUrl);
  const name = `chaska_test_${randomBytes(6).toString('hex')}`;
  await withServer(serverUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 20 });
  return {
    ...handle,
    url: databaseUrl(serverUrl, name),
    async close() {
      await handle.close();
      await withServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
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

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withServer<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
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
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(tmpdir(), `chaska-pglite-template-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const client = new PGlite();
    try {
      await migrate(drizzle(client), { migrationsFolder });
      const dump = await client.dumpDataDir('none');
      // Written aside and renamed, so a worker never reads half a file another one is writing.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await client.close();
    }
  })();
  return pgliteDump;
}

const templates = new Map<string, Promise<string>>();

/**
 * The migrated template database on this server, made once under an advisory lock so parallel
 * workers wait for the first one instead of racing; older templates are dropped then.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = withServer(serverUrl, async (admin) => {
      const name = `chaska_template_${migrationsHash()}`;
      await admin.query(`select pg_advisory_lock(hashtext('chaska test template'))`);
      try {
        const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!rowCount) {
          const old = await admin.query<{ datname: string }>(
            `select datname from pg_database where datname like 'chaska\\_template\\_%'`,
          );
          for (const { datname } of old.rows) await admin.query(`drop database if exists ${datname} with (force)`);
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
