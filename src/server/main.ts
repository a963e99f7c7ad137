import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { grantConfiguredAdmins } from './modules/accounts/grant-configured-admins';
import { renewEndedDemoDeals, seedDemoData } from './modules/demo/seed-demo-data';
import { startHousekeeping } from './modules/housekeeping/housekeeping-job';
import { startEmailWorker } from './modules/notifications/email-worker';

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

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = readConfig();
  const database = await openDatabase(
    config.database.kind === 'pglite' ? { kind: 'pglite', dataDir: config.database.dataDir } : config.database,
  );
  await database.migrate();
  await grantConfiguredAdmins(database.db, config.adminEmails);
  if (config.demoMode) {
    await seedDemoData(database.db);
    await renewEndedDemoDeals(database.db);
  }

  const app = await buildApp({ config, database, serveClient: true });
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
