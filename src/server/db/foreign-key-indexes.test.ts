import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * Foreign keys that may go without an index of their own, and why. Without one, deleting or
 * re-keying the referenced row (an account, a card, a stamp) reads the whole referencing table,
 * once per deleted row: deleting a customer with 200 stamps scanned automation_sends 200 times.
 */
const EXEMPT: Record<string, string> = {
  'consumed_codes.user_id':
    'short-lived rows: housekeeping deletes consumed codes after their retention, and an index would cost every stamp a write',
};

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Each foreign key as "table.column,column" with whether an index, unique or primary key starts with its columns. */
function foreignKeys() {
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    const indexed = [
      ...config.indexes.map((index) => index.config.columns.map((column) => ('name' in column ? column.name : ''))),
      ...config.uniqueConstraints.map((unique) => unique.columns.map((column) => column.name)),
      ...config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
      ...config.columns.filter((column) => column.primary || column.isUnique).map((column) => [column.name]),
    ];
    return config.foreignKeys.map((key) => {
      const columns = key.reference().columns.map((column) => column.name);
      const covered = indexed.some((leading) => columns.every((column, place) => leading[place] === column));
      return { name: `${config.name}.${columns.join(',')}`, covered };
    });
  });
}

describe('foreign keys', () => {
  it('each has an index that starts with its columns, or a written reason not to', () => {
    const keys = foreignKeys();
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((key) => !key.covered && !Object.hasOwn(EXEMPT, key.name)).map((key) => key.name)).toEqual([]);
  });

  it('exempts only foreign keys that exist and still lack an index', () => {
    const uncovered = new Set(
      foreignKeys()
        .filter((key) => !key.covered)
        .map((key) => key.name),
    );
    expect(Object.keys(EXEMPT).filter((name) => !uncovered.has(name))).toEqual([]);
  });
});
