import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { databaseTemplateFile } from '../src/server/paths';

const config = loadConfig();
const database = await openDatabase(
  config.database.kind === 'pglite'
    ? { kind: 'pglite', dataDir: config.database.dataDir, templateFile: databaseTemplateFile }
    : config.database,
);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
