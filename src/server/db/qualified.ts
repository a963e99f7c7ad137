import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"` from the schema's own objects, for raw SQL. Drizzle leaves the table name
 * off a column in a single-table query, which turns a correlated subquery's `inner = outer` into
 * a comparison of a table with itself (or an ambiguous name); this always qualifies, and never
 * spells a table or column name by hand.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
