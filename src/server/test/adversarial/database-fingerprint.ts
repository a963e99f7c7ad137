import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rows } from '@server/db/sql-rows';

/** Per table: how many of its rows were inserted, changed or deleted since the count began. */
export type DatabaseFingerprint = Record<string, string>;

/**
 * Tables a refused request may write on purpose, so the suites leave them out:
 * rate_limits counts failed attempts (a wrong typed code or password is a 4xx that must count).
 */
export const TABLES_WRITTEN_BY_REFUSALS = ['rate_limits'] as const;

async function tablesOf(db: Database): Promise<string[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const excluded: readonly string[] = TABLES_WRITTEN_BY_REFUSALS;
  return tables.map((row) => row.name).filter((name) => !excluded.includes(name));
}

/**
 * Counts every row written in every table of the public schema (every migration's tables, the
 * outbox and email_logs included) from the first call on: row triggers, installed in the test's
 * own database, add one per inserted or deleted row and per row an update really changed, in the
 * writing transaction (a rolled-back write counts nothing). A fingerprint is one small read, so
 * the suites can take one after every request; hashing every table's rows each time cost the fuzz
 * suite most of its minutes.
 */
export function createFingerprinter(db: Database) {
  let installed: Promise<void> | null = null;
  const install = async () => {
    const tables = await tablesOf(db);
    const statements = [
      'create table test_row_writes (table_name text primary key, writes bigint not null)',
      `create function test_count_row_write() returns trigger language plpgsql as $$
        begin
          insert into test_row_writes as counted (table_name, writes) values (TG_TABLE_NAME, 1)
            on conflict (table_name) do update set writes = counted.writes + 1;
          return null;
        end $$`,
      ...tables.flatMap((table) => [
        `create trigger test_row_inserted_or_deleted after insert or delete on "${table}"
          for each row execute function test_count_row_write()`,
        `create trigger test_row_updated after update on "${table}"
          for each row when (old.* is distinct from new.*) execute function test_count_row_write()`,
      ]),
    ];
    for (const statement of statements) await db.execute(sql.raw(statement));
  };
  return async function fingerprint(): Promise<DatabaseFingerprint> {
    installed ??= install();
    await installed;
    const counts = await rows<{ name: string; writes: string }>(
      db,
      sql`select table_name as name, writes::text as writes from test_row_writes`,
    );
    return Object.fromEntries(counts.map((row) => [row.name, row.writes]));
  };
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
