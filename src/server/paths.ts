import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this file whether it runs from src/ or from the dist/ bundle. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server');
    dir = parent;
  }
  return dir;
}

export const rootDir = findRoot();
export const migrationsFolder = path.join(rootDir, 'src/server/db/migrations');
export const clientDistFolder = path.join(rootDir, 'dist/client');
export const ssrDistFolder = path.join(rootDir, 'dist/ssr');
/** The migrated, empty embedded database a first start begins from (scripts/build-database-template.ts). */
export const databaseTemplateFile = path.join(rootDir, 'dist/database/template.tar.gz');
