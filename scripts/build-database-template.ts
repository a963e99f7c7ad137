import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migratedPgliteDump } from '../src/server/db/client';
import { databaseTemplateFile } from '../src/server/paths';

// The build's migrated, empty embedded database: a first start on an empty data folder copies it
// instead of running PostgreSQL's initdb and every migration (src/server/db/client.ts).
const started = performance.now();
const dump = await migratedPgliteDump('gzip');
mkdirSync(path.dirname(databaseTemplateFile), { recursive: true });
writeFileSync(databaseTemplateFile, Buffer.from(await dump.arrayBuffer()));
console.log(
  `Embedded database template: ${path.relative(process.cwd(), databaseTemplateFile)} (${(dump.size / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - started)} ms)`,
);
