import type pg from 'pg';

interface Definition {
  table: string;
  name: string;
  definition: string;
}

/** What was taken off the loaded tables, to put back once the rows are in. */
export interface DetachedConstraints {
  foreignKeys: Definition[];
  keys: Definition[];
  indexes: Definition[];
  /** The loaded tables, whose triggers (the analytics rollups', decision 048) are off meanwhile. */
  tables: readonly string[];
}

/** The analytics rollups, rebuilt after the load (decision 048). */
export const ROLLUP_TABLE_NAMES = ['stamp_days', 'reward_days', 'signup_days'] as const;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Loading into bare tables and building each index once afterwards is several times faster than
 * maintaining every index row by row, and one validating ALTER per foreign key is far cheaper than a
 * trigger per row. The definitions are read from the migrated database itself, so indexes added by
 * later migrations are rebuilt too. Every foreign key of the schema is dropped, because keys of
 * the loaded tables are referenced from tables that are not loaded.
 */
export async function detachConstraints(client: pg.Client, tables: readonly string[]): Promise<DetachedConstraints> {
  const foreignKeys = await client.query<Definition>(
    `select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const keys = await client.query<Definition>(
    `select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
      where c.contype in ('p', 'u') and c.conrelid = any($1::regclass[])`,
    [tables],
  );
  const indexes = await client.query<Definition>(
    `select i.indrelid::regclass::text as "table", i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const key of foreignKeys.rows) await client.query(`alter table ${key.table} drop constraint ${quote(key.name)}`);
  for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
  for (const key of keys.rows) await client.query(`alter table ${key.table} drop constraint ${quote(key.name)}`);
  // A rollup upsert per loaded row would cost more than the load itself: the rollups are rebuilt
  // from the rows once they are in (restoreConstraints).
  for (const table of tables) await client.query(`alter table ${quote(table)} disable trigger user`);
  return { foreignKeys: foreignKeys.rows, keys: keys.rows, indexes: indexes.rows, tables };
}

/**
 * Primary and unique keys first (foreign keys need them), then the other indexes, then the foreign
 * keys; then the triggers back on and the analytics rollups, vendor customers, active customers
 * per bucket and dashboard counts and programme health (decisions 048, 051, 054, 055 and 090) rebuilt from the loaded rows.
 */
export async function restoreConstraints(
  client: pg.Client,
  detached: DetachedConstraints,
  log: (line: string) => void,
): Promise<void> {
  // Room for each index to be sorted in memory, with PostgreSQL's parallel workers on big tables.
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query('set max_parallel_maintenance_workers = 2');
  const timed = async (label: string, statement: string) => {
    const startedAt = performance.now();
    await client.query(statement);
    const took = (performance.now() - startedAt) / 1000;
    if (took >= 2) log(`  ${label} (${took.toFixed(1)} s)`);
  };
  for (const key of detached.keys)
    await timed(`key ${key.name}`, `alter table ${key.table} add constraint ${quote(key.name)} ${key.definition}`);
  for (const index of detached.indexes) await timed(`index ${index.name}`, index.definition);
  for (const key of detached.foreignKeys) {
    await timed(
      `foreign key ${key.name}`,
      `alter table ${key.table} add constraint ${quote(key.name)} ${key.definition}`,
    );
  }
  for (const table of detached.tables) await client.query(`alter table ${quote(table)} enable trigger user`);
  await timed('analytics rollups', 'select rebuild_analytics_rollups()');
  await timed('vendor customers', 'select rebuild_vendor_customers()');
  await timed('active customers', 'select rebuild_vendor_active_customers()');
  await timed('dashboard counts', 'select rebuild_dashboard_counts()');
  await timed('programme health', 'select rebuild_programme_health()');
  await timed('first visits', 'select rebuild_vendor_visitors()');
}
