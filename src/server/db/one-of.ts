import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column in ('a', 'b', …)` for a check constraint, from the list in src/shared that the API
 * validates with, so the database and the schemas can never list different values. The values
 * are constants of the code (never input), written as SQL literals because a constraint takes no
 * parameters.
 */
export function oneOf(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
}
