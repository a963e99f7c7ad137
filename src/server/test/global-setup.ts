import { prepareTestDatabaseTemplate } from './database-template';

/** The unit project's global setup: the migrated template every test file's database copies. */
export default async function setup(): Promise<void> {
  await prepareTestDatabaseTemplate();
}
