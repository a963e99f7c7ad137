import { sql } from 'drizzle-orm';
import { index, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * An index of the rows where a nullable column is set: a mostly empty reference is found by it
 * (deleting the row it points at, foreign-key-indexes.test.ts) without indexing the empty rest.
 */
export function indexWhereSet(name: string, column: AnyPgColumn) {
  return index(name)
    .on(column)
    .where(sql`${column} is not null`);
}
