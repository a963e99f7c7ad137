import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { isDatabaseUnavailable } from './database-unavailable';
import { rows } from './sql-rows';
import { createTestDatabase } from '@server/test/test-database';
import { pgliteTemplate } from '@server/test/database-template';

describe('a first start on an empty data folder', () => {
  it('starts from the migrated template instead of initdb and every migration, once', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'chaska-first-start-'));
    try {
      const templateFile = path.join(folder, 'template.tar');
      writeFileSync(templateFile, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
      const dataDir = path.join(folder, 'db');
      const first = await openDatabase({ kind: 'pglite', dataDir, templateFile });
      expect(first.created).toBe(true);
      // The migrations are in before any has run here.
      const [applied] = await rows<{ count: number }>(
        first.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied!.count).toBeGreaterThan(0);
      await first.db.execute(sql`insert into admin_users (email, granted_by) values ('kept@example.pk', 'test')`);
      await first.close();
      // The second start opens the folder as it is, the row kept.
      const second = await openDatabase({ kind: 'pglite', dataDir, templateFile });
      expect(second.created).toBe(false);
      expect(await rows(second.db, sql`select email from admin_users`)).toEqual([{ email: 'kept@example.pk' }]);
      await second.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // On the PostgreSQL pass of a clean clone no PGlite template is made yet: this test makes it
    // (every migration on PGlite), which took over 30 s beside the browser suite on two cores.
  }, 120_000);
});

/** Ends sessions of the test database from another connection, as a restart or failover would. */
async function terminate(url: string, where: string, values: unknown[] = []): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and ${where}`,
      values,
    );
  } finally {
    await admin.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections lost under the app', () => {
  it('compiles no statement just in time: a second of compiling a ten-millisecond read is not worth it', async () => {
    const database = await createTestDatabase();
    try {
      const [setting] = await rows<{ jit: string }>(database.db, sql`show jit`);
      expect(setting?.jit).toBe('off');
    } finally {
      await database.close();
    }
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', '-c statement_timeout=60000');
    const withTimeout = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      const [setting] = await rows<{ jit: string; statement_timeout: string }>(
        withTimeout.db,
        sql`select current_setting('jit') as jit, current_setting('statement_timeout') as statement_timeout`,
      );
      expect(setting).toEqual({ jit: 'off', statement_timeout: '1min' });
    } finally {
      await withTimeout.close();
    }
  });

  it('reconnects LISTEN after the server drops it, and says that it resumed', async () => {
    const database = await createTestDatabase();
    try {
      const received: string[] = [];
      let resumed = 0;
      const stop = await database.listen('chaska_probe', (payload) => received.push(payload), {
        onResumed: () => (resumed += 1),
      });
      await terminate(database.url!, `query ilike 'LISTEN%'`);
      await expect
        .poll(
          async () => {
            await database.db.execute(sql`select pg_notify('chaska_probe', 'after-drop')`);
            return received.includes('after-drop');
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(true);
      expect(resumed).toBe(1);
      await stop();
    } finally {
      await database.close();
    }
  });

  it('carries on when the server ends a connection held open by a transaction', async () => {
    const database = await createTestDatabase();
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_backend_pid() as pid`);
          const { pid } = (result as unknown as { rows: Array<{ pid: number }> }).rows[0]!;
          await terminate(database.url!, 'pid = $1', [pid]);
          // The connection is checked out and idle: the server's goodbye arrives as an 'error'
          // event on it, which must not end the process.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
    } finally {
      await database.close();
    }
  });

  it('gives back the pool slot of a connection that dies as a transaction begins', async () => {
    const database = await createTestDatabase();
    // One connection: a slot kept by a dead connection would leave no way to query at all.
    const single = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const result = await single.db.execute(sql`select pg_backend_pid() as pid`);
      const { pid } = (result as unknown as { rows: Array<{ pid: number }> }).rows[0]!;
      // The server ends the pooled connection, and its goodbye is already waiting in the socket
      // (the event loop is held meanwhile) when the transaction takes the connection and sends
      // BEGIN: BEGIN is what fails, as under load when a restart lands between two requests.
      const terminated = admin.query('select pg_terminate_backend($1)', [pid]);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      const failure = await single.db
        .transaction((tx) => tx.execute(sql`select 1`))
        .then(
          () => null,
          (error: unknown) => error,
        );
      await terminated;
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await expect(single.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
    } finally {
      await admin.end();
      await single.close();
      await database.close();
    }
  });
});
