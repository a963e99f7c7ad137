import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { installDomainEffects } from '@server/after-change-effects';
import { databaseUrl, pgliteTemplate, postgresTemplate, withServer } from './database-template';

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
  await withServer(serverUrl, async (admin) => {
    await admin.query(`create database ${name} template ${template}`);
    // A test's database is thrown away: its commits need not wait for the disk.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
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
