import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { isDatabaseUnavailable } from './db/database-unavailable';
import { systemClock } from './lib/clock';
import { grantConfiguredAdmins } from './modules/accounts/grant-configured-admins';
import { renewEndedDemoDeals, seedDemoData } from './modules/demo/seed-demo-data';
import { startHousekeeping } from './modules/housekeeping/housekeeping-job';
import { startEmailWorker } from './modules/notifications/email-worker';
import { getTextOverridesMap } from './modules/texts/text-overrides';
import { handleProcessFaults, type FaultLog } from './process-faults';

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

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = readConfig();
  const database = await openDatabase(
    config.database.kind === 'pglite' ? { kind: 'pglite', dataDir: config.database.dataDir } : config.database,
  );
  // Building the app reads nothing from the database, so its logger is there for what follows.
  const app = await buildApp({ config, database, clock: systemClock, serveClient: true });
  handleProcessFaults(app.log);
  database.onConnectionError((error, connection) => {
    app.log.warn({ err: error, connection }, 'Lost a database connection; it is replaced on next use');
  });

  await waitForDatabase(database, app.log);
  await database.migrate();
  await grantConfiguredAdmins(database.db, config.adminEmails);
  // The admin's text overrides, for the e-mails this server renders (kept fresh by the e-mail worker).
  await getTextOverridesMap(database.db);
  if (config.demoMode) {
    await seedDemoData(database.db, systemClock.now());
    await renewEndedDemoDeals(database.db, systemClock.now());
  }

  // Retries and digests, and the clean-up of expired rows; both stopped by app.close() (their
  // onClose hooks) before the database closes.
  startEmailWorker(app);
  startHousekeeping(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, demoMode: config.demoMode, startMs: Math.round(performance.now() - startedAt) },
    'Chaska is ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
