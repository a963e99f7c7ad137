import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { REPLICA_RETRY_MS } from './db/read-database';
import { collectStamps, setUpVendorWithCard } from './modules/stamps/stamp-test-helpers';
import { startAppProcess } from './test/app-process';
import { testConfig } from './test/build-test-app';
import { createVendor, signUpUser } from './test/factories';
import {
  serverProgramsTestPlan,
  REPLICATION_PRIMARY_SETTINGS,
  startPrivatePostgres,
  type PrivatePostgres,
  type PrivateReplica,
} from './test/private-postgres';
import { TestClock } from './test/test-clock';

/**
 * DATABASE_READ_URL against a real streaming replica (decision 049): a private primary, a hot
 * standby made from it with pg_basebackup, and the app on both. Pausing the replica's replay
 * makes replication as slow as a test needs, so what reads the replica and what reads the
 * primary shows in the answers.
 *
 * Like the database outage test it runs on the PostgreSQL pass (TEST_DATABASE_URL set) only: it
 * starts servers of its own and never touches PGlite, so the embedded pass would repeat it for nothing.
 */
const plan = serverProgramsTestPlan('read replica');

const DATABASE = 'chaska_replica';

describe.skipIf(!plan.run)('reads on a streaming replica (DATABASE_READ_URL)', () => {
  let primaryServer: PrivatePostgres;
  let replicaServer: PrivateReplica;
  let primary: DatabaseHandle;
  let replica: DatabaseHandle;
  let app: FastifyInstance;
  const clock = new TestClock();

  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
  const listedSlugs = async () =>
    ((await get('/api/marketplace/vendors')).json().vendors as Array<{ slug: string }>).map((vendor) => vendor.slug);

  beforeAll(async () => {
    primaryServer = await startPrivatePostgres({ settings: REPLICATION_PRIMARY_SETTINGS });
    const primaryUrl = await primaryServer.createDatabase(DATABASE);
    primary = await openDatabase({ kind: 'postgres', url: primaryUrl, poolSize: 4 });
    await primary.migrate();
    replicaServer = await primaryServer.startReplica();
    const replicaUrl = replicaServer.databaseUrl(DATABASE);
    replica = await openDatabase({ kind: 'postgres', url: replicaUrl, poolSize: 4 });
    app = await buildApp({
      config: testConfig({ DATABASE_URL: primaryUrl, DATABASE_READ_URL: replicaUrl }),
      database: primary,
      readReplica: replica,
      logger: false,
      clock,
    });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await replica?.close();
    await primary?.close();
    await primaryServer?.destroy();
  });

  it('reads the read-only pages from a server in recovery, and everything else from the primary', async () => {
    const inRecovery = async (db: DatabaseHandle['db']) =>
      (
        (await db.execute(sql`select pg_is_in_recovery() as in_recovery`)) as unknown as {
          rows: Array<{ in_recovery: boolean }>;
        }
      ).rows[0]!.in_recovery;
    expect(app.deps.reads.target).toBe('replica');
    expect(await app.deps.reads.run(inRecovery)).toBe(true);
    expect(await inRecovery(app.deps.database.db)).toBe(false);
  });

  it('serves listings as the replica has them: a new vendor appears once replayed', async () => {
    await replicaServer.pauseReplay();
    try {
      const vendor = await createVendor(primary.db, { businessName: 'Replica Chai Khana' });
      // On the primary, not yet on the replica: the public pages do not show it yet.
      expect(await listedSlugs()).not.toContain(vendor.slug);
      expect((await get(`/api/marketplace/vendors/${vendor.slug}`)).statusCode).toBe(404);
      await replicaServer.resumeReplay();
      await replicaServer.waitForReplay();
      expect(await listedSlugs()).toContain(vendor.slug);
      expect((await get(`/api/marketplace/vendors/${vendor.slug}`)).statusCode).toBe(200);
      expect((await get('/sitemap.xml')).body).toContain(vendor.slug);
    } finally {
      await replicaServer.resumeReplay();
    }
  });

  it('shows a customer their own new stamp at once, while the replica is still behind', async () => {
    const setup = await setUpVendorWithCard(app, primary.db);
    const customer = await signUpUser(app, { name: 'Sana' });
    await replicaServer.waitForReplay();
    const analytics = () => get('/api/vendor/analytics?range=7d', setup.owner.cookie);
    expect((await analytics()).json().tiles.stampsIssued).toBe(0);

    await replicaServer.pauseReplay();
    try {
      const result = await collectStamps(app, setup, customer.cookie, 1);
      expect(result.userCard.stampsCollected).toBe(1);
      // The dashboard reads the primary: the stamp is there although the replica has not replayed it.
      const dashboard = (await get('/api/customer/dashboard', customer.cookie)).json();
      expect(dashboard.stats.totalStamps).toBe(1);
      expect(dashboard.cards).toEqual([expect.objectContaining({ cardId: setup.card.id, stampsCollected: 1 })]);
      // Analytics read the replica, which is behind for as long as its replay is paused.
      expect((await analytics()).json().tiles.stampsIssued).toBe(0);
      await replicaServer.resumeReplay();
      await replicaServer.waitForReplay();
      expect((await analytics()).json().tiles.stampsIssued).toBe(1);
      const csv = await get('/api/vendor/analytics/export.csv?range=7d', setup.owner.cookie);
      expect(csv.statusCode).toBe(200);
    } finally {
      await replicaServer.resumeReplay();
    }
  });

  it('reports the replica and its lag on /api/health', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { state: 'up', kind: 'postgres' },
      readReplica: { state: 'up', lagSeconds: expect.any(Number) },
    });
  });

  it('serves the public pages from the primary while the replica is down, and goes back to it', async () => {
    await replicaServer.stop();
    try {
      const vendor = await createVendor(primary.db, { businessName: 'Fallback Biryani' });
      // The first read finds the replica away and is done again on the primary: no error page.
      expect(await listedSlugs()).toContain(vendor.slug);
      expect(app.deps.reads.target).toBe('primary');
      expect((await get('/api/marketplace/stats')).statusCode).toBe(200);
      expect((await get('/sitemap.xml')).body).toContain(vendor.slug);
      const health = await get('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', readReplica: { state: 'down', lagSeconds: null } });
    } finally {
      await replicaServer.start();
    }
    // A background ping every REPLICA_RETRY_MS finds it back.
    const deadline = performance.now() + 20 * REPLICA_RETRY_MS;
    while (app.deps.reads.target !== 'replica' && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(app.deps.reads.target).toBe('replica');
    expect((await get('/api/health')).json().readReplica.state).toBe('up');
  }, 60_000);

  it('is what the server started with DATABASE_READ_URL reads its listings from', async () => {
    const server = await startAppProcess(primaryServer.databaseUrl(DATABASE), {
      DATABASE_READ_URL: replicaServer.databaseUrl(DATABASE),
      PUBLIC_LISTING_CACHE_SECONDS: '0',
    });
    try {
      const health = await (await fetch(`${server.baseUrl}/api/health`)).json();
      expect(health).toMatchObject({ status: 'ok', readReplica: { state: 'up' } });
      await replicaServer.waitForReplay();
      await replicaServer.pauseReplay();
      const vendor = await createVendor(primary.db, { businessName: 'Process Paratha' });
      const listed = async () =>
        ((await (await fetch(`${server.baseUrl}/api/marketplace/vendors`)).json()).vendors as Array<{ slug: string }>)
          .map((tile) => tile.slug)
          .includes(vendor.slug);
      expect(await listed()).toBe(false);
      await replicaServer.resumeReplay();
      await replicaServer.waitForReplay();
      expect(await listed()).toBe(true);
    } finally {
      await replicaServer.resumeReplay();
      await server.stop();
    }
  }, 120_000);
});
