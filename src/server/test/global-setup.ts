import { rootDir } from '@server/paths';
import { prepareTestDatabaseTemplate } from './database-template';
import { buildServerBundle } from './server-bundle';

/**
 * The unit project's global setup, before any worker starts: the migrated template every test
 * file's database copies, and the server bundle the tests that need a real process start.
 */
export default async function setup(): Promise<void> {
  await Promise.all([prepareTestDatabaseTemplate(), buildServerBundle(rootDir, 'test')]);
}
