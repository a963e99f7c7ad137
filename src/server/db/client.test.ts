import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-database';

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL LISTEN', () => {
  it('reconnects after the server drops the listening connection', async () => {
    const database = await createTestDatabase();
    try {
      const received: string[] = [];
      const stop = await database.listen('chaska_probe', (payload) => received.push(payload));
      // Drop every LISTEN connection of this database, as a server restart or failover would.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`);
      await admin.end();
      await expect
        .poll(
          async () => {
            await database.db.execute(sql`select pg_notify('chaska_probe', 'after-drop')`);
            return received.includes('after-drop');
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(true);
      await stop();
    } finally {
      await database.close();
    }
  });
});
