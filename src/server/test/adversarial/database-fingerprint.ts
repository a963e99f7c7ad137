import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rows } from '@server/db/sql-rows';

/** Per table: its row count and an md5 of all its rows, so any insert, update or delete shows. */
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

/** Every table of the public schema (every migration's tables, the outbox and email_logs included), in one statement. */
export function createFingerprinter(db: Database) {
  let statement: SQL | null = null;
  return async function fingerprint(): Promise<DatabaseFingerprint> {
    if (!statement) {
      const tables = await tablesOf(db);
      statement = sql.raw(
        tables
          .map(
            (table) =>
              `select '${table}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from "${table}" t`,
          )
          .join('\nunion all\n'),
      );
    }
    const prints = await rows<{ name: string; print: string }>(db, statement);
    return Object.fromEntries(prints.map((row) => [row.name, row.print]));
  };
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
