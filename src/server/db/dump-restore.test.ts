import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { vendors } from './schema';
import { createVendor } from '@server/test/factories';
import { databaseUrl, postgresTemplate, withServer } from '@server/test/database-template';
import { serverProgramsTestPlan } from '@server/test/private-postgres';

const run = promisify(execFile);

/**
 * A backup must come back: pg_dump of a migrated database with data, restored into an empty one
 * by psql, stops at no error. A restore runs with an empty search_path, so a generated column or
 * an index whose expression reaches an extension's function by an unqualified name inside it
 * (earthdistance 1.1's ll_to_earth calls earth()) would lose that table or index on the day it
 * is needed. It runs on the PostgreSQL pass (TEST_DATABASE_URL set), with the server's programs.
 */
const plan = serverProgramsTestPlan('dump and restore');

describe.runIf(plan.run)('a dump of the database restores', () => {
  it('restores every table, index and generated column of a migrated database with a pinned branch', async () => {
    if (!plan.run) return;
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const template = await postgresTemplate(serverUrl);
    const suffix = randomBytes(6).toString('hex');
    const [source, target] = [`chaska_dump_${suffix}`, `chaska_restore_${suffix}`];
    await withServer(serverUrl, async (admin) => {
      await admin.query(`create database ${source} template ${template}`);
      await admin.query(`create database ${target}`);
    });
    try {
      const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, source), poolSize: 1 });
      try {
        const vendor = await createVendor(handle.db, { businessName: 'Anarkali Sweets', city: 'Lahore' });
        // The main branch follows the vendor's pin (the branches trigger).
        await handle.db.update(vendors).set({ latitude: 31.5656, longitude: 74.3142 }).where(eq(vendors.id, vendor.id));
      } finally {
        await handle.close();
      }
      const dump = path.join(plan.binDir, 'pg_dump');
      const psql = path.join(plan.binDir, 'psql');
      const { stdout: script } = await run(dump, ['--no-owner', databaseUrl(serverUrl, source)], {
        maxBuffer: 256 * 1024 * 1024,
      });
      const restore = run(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', databaseUrl(serverUrl, target)]);
      restore.child.stdin!.end(script);
      await expect(restore).resolves.toBeDefined();

      const restored = await withServer(databaseUrl(serverUrl, target), async (client) => {
        const branch = await client.query<{ same: boolean }>(
          `select earth = ll_to_earth(latitude, longitude)::cube as same from branches where latitude is not null`,
        );
        const index = await client.query(`select 1 from pg_indexes where indexname = 'branches_near_idx'`);
        return { branches: branch.rows, index: index.rowCount };
      });
      expect(restored).toEqual({ branches: [{ same: true }], index: 1 });
    } finally {
      await withServer(serverUrl, async (admin) => {
        await admin.query(`drop database if exists ${source} with (force)`);
        await admin.query(`drop database if exists ${target} with (force)`);
      });
    }
  }, 120_000);
});
