import cluster from 'node:cluster';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { buildApp } from './app';
import { startJobRunner } from './background-jobs';
import { runClusterPrimary, WORKER_INDEX_VARIABLE, type PrimaryLog } from './cluster-primary';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { isDatabaseUnavailable } from './db/database-unavailable';
import { systemClock } from './lib/clock';
import { grantConfiguredAdmins } from './modules/accounts/grant-configured-admins';
import { renewEndedDemoDeals, seedDemoData } from './modules/platform/seed-demo-data';
import { getTextOverridesMap } from './modules/platform/text-overrides';
import { handleProcessFaults, type FaultLog } from './process-faults';
import { databaseTemplateFile } from './paths';

/** How often a stopping server looks for connections that have just gone idle. */
const CLOSE_IDLE_EVERY_MS = 50;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir, templateFile: databaseTemplateFile }
      : { kind: 'postgres', url: config.database.url },
  );
}

/**
 * The read replica of DATABASE_READ_URL, if any (decision 049). Opening a pool connects nothing,
 * so a replica that is away at start does not hold the start up: its reads go to the primary.
 */
async function openConfiguredReplica(config: Config): Promise<DatabaseHandle | undefined> {
  if (config.database.kind !== 'postgres' || !config.database.readUrl) return undefined;
  return openDatabase({ kind: 'postgres', url: config.database.readUrl });
}

/**
 * Waits for a database that is not reachable yet (the server starting beside the app, a
 * failover), retrying every few seconds; any other failure (a wrong password, say) stops the start.
 */
async function waitForDatabase(database: DatabaseHandle, log: FaultLog): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.ping();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delayMs = Math.min(500 * 2 ** (attempt - 1), 5_000);
      log.warn({ err: error, attempt, retryInMs: delayMs }, 'Waiting for the database');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/**
 * What happens once per start, whatever the number of processes: migrations, configured admins,
 * demo data. With several processes the cluster primary runs it before forking, so workers never
 * race each other's migrations.
 */
async function prepareDatabase(config: Config, database: DatabaseHandle, log: PrimaryLog): Promise<void> {
  await waitForDatabase(database, log);
  log.info({}, 'Migrating the database (bringing its tables up to date)');
  await database.migrate();
  await grantConfiguredAdmins(database.db, config.adminEmails);
  if (config.demoMode) {
    const { seeded } = await seedDemoData(database.db, systemClock.now());
    if (seeded) log.info({}, 'Seeded the demo shops: six vendors with their cards (DEMO_MODE)');
    await renewEndedDemoDeals(database.db, systemClock.now());
  }
}

/**
 * One app process: the whole server alone (WEB_CONCURRENCY=1), or one cluster worker. Only the
 * lone server and worker 0 run the background jobs; the database is prepared only when alone.
 */
async function runServer(config: Config, role: { prepare: boolean; runJobs: boolean }): Promise<void> {
  const startedAt = performance.now();
  const database = await openConfiguredDatabase(config);
  const readReplica = await openConfiguredReplica(config);
  // Building the app reads nothing from the database, so its logger is there for what follows.
  const app = await buildApp({ config, database, readReplica, clock: systemClock, serveClient: true });
  handleProcessFaults(app.log);
  if (database.created && config.database.kind === 'pglite') {
    app.log.info(
      { dataDir: config.database.dataDir },
      `First start: created the embedded database in ${config.database.dataDir}`,
    );
  }
  database.onConnectionError((error, connection) => {
    app.log.warn({ err: error, connection }, 'Lost a database connection; it is replaced on next use');
  });
  readReplica?.onConnectionError((error) => {
    app.log.warn({ err: error, connection: 'replica' }, 'Lost a read replica connection; it is replaced on next use');
  });

  if (role.prepare) await prepareDatabase(config, database, app.log);
  // The admin's text overrides, for the e-mails this server renders (kept fresh by the job runner).
  await getTextOverridesMap(database.db);

  /**
   * Stop accepting and finish the requests in flight (app.close: the listener closes, idle
   * keep-alive connections end, open /api/live streams are ended by their preClose hook), stop the
   * background jobs and wait for a pass in flight, for requests still at work whose client has
   * left, and for e-mails queued after an answer (onClose hooks), and only then end the pool. A stop
   * that takes longer than SHUTDOWN_TIMEOUT_MS exits 1.
   */
  // Connections that have not sent a request yet (a browser's preconnect, a TCP health check)
  // are not among those Node counts as idle, so they would hold the close up until their headers
  // timeout; at a stop they are idle as well.
  const withoutRequest = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    withoutRequest.add(socket);
    socket.once('close', () => withoutRequest.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => withoutRequest.delete(request.socket));
  const closeIdleConnections = () => {
    app.server.closeIdleConnections();
    for (const socket of withoutRequest) socket.destroy();
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal, timeoutMs: config.shutdownTimeoutMs },
      'Shutting down: no new connections, finishing requests in flight',
    );
    const forceExit = setTimeout(() => {
      app.log.error(
        { signal, timeoutMs: config.shutdownTimeoutMs },
        'Shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting with work cut short',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forceExit.unref();
    // Node closes the connections idle when the listener closes, once: a request that finishes
    // afterwards (or a live stream just ended) would leave its connection open as keep-alive for
    // its whole timeout, holding the close up. Close each as soon as it goes idle.
    const closeIdle = setInterval(closeIdleConnections, CLOSE_IDLE_EVERY_MS);
    closeIdle.unref();
    try {
      await app.close();
      clearInterval(closeIdle);
      await Promise.all([database.close(), readReplica?.close()]);
      app.log.info({ signal }, 'Shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The one job runner (decision 037): e-mails and digests, webhook deliveries, reward reminders, Wallet pass updates,
  // hourly deals' announcements, clean-ups. Stopped by app.close() (its onClose hook) after the
  // pass in flight, before the database closes.
  if (role.runJobs) startJobRunner(app);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      readReplica: Boolean(readReplica),
      demoMode: config.demoMode,
      backgroundJobs: role.runJobs,
      startMs: Math.round(performance.now() - startedAt),
    },
    `Chaska is ready: open ${config.publicUrl}`,
  );
}

async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isWorker) {
    await runServer(config, { prepare: false, runJobs: process.env[WORKER_INDEX_VARIABLE] === '0' });
  } else if (config.webConcurrency > 1) {
    await runClusterPrimary(config, async (log) => {
      const database = await openConfiguredDatabase(config);
      try {
        await prepareDatabase(config, database, log);
      } finally {
        await database.close();
      }
    });
  } else {
    await runServer(config, { prepare: true, runJobs: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
