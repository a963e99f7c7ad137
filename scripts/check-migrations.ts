/**
 * Fails when the Drizzle schema and the committed migrations disagree: a schema change without
 * `npm run db:generate` would otherwise pass every test on a database migrated from the schema's
 * past and break the first real deployment. drizzle-kit generates into a scratch copy of the
 * migrations; any new file means the schema has moved on. `drizzle-kit check` then validates the
 * committed snapshots themselves.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, rootDir } from '../src/server/paths';

const drizzleKit = path.join(rootDir, 'node_modules/drizzle-kit/bin.cjs');
// drizzle-kit takes --out relative to the working folder, so the scratch copy lives inside it.
const scratch = path.join('node_modules', '.cache', `migrations-check-${process.pid}`);

function runDrizzleKit(args: string[]): string {
  return execFileSync(process.execPath, [drizzleKit, ...args], {
    cwd: rootDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function sqlFiles(folder: string): string[] {
  return readdirSync(folder).filter((file) => file.endsWith('.sql'));
}

const scratchPath = path.join(rootDir, scratch);
try {
  mkdirSync(path.dirname(scratchPath), { recursive: true });
  cpSync(migrationsFolder, scratchPath, { recursive: true });
  const before = new Set(sqlFiles(scratchPath));
  runDrizzleKit([
    'generate',
    '--dialect',
    'postgresql',
    '--schema',
    './src/server/db/schema.ts',
    '--out',
    `./${scratch}`,
    '--casing',
    'snake_case',
  ]);
  const added = sqlFiles(scratchPath).filter((file) => !before.has(file));
  if (added.length > 0) {
    console.error(
      'The schema (src/server/db/schema/) and the committed migrations disagree. Run `npm run db:generate` and commit the result.',
    );
    for (const file of added)
      console.error(`\n-- would be generated as ${file}:\n${readFileSync(path.join(scratchPath, file), 'utf8')}`);
    process.exit(1);
  }
  runDrizzleKit(['check', '--dialect', 'postgresql', '--out', './src/server/db/migrations']);
  console.log(`Schema and migrations agree (${before.size} migrations).`);
} finally {
  if (existsSync(scratchPath)) rmSync(scratchPath, { recursive: true, force: true });
}
