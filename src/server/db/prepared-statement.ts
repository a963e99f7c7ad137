import { createHash } from 'node:crypto';
import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { COLUMN_CASING, type Executor } from './client';

/**
 * Prepared reads (decision 061). The statement's text is built once per process instead of once per
 * request (building the customer dashboard's text from its parts took a fifth of the app's CPU per
 * request), and it runs as a named prepared statement: PostgreSQL parses it once per connection
 * and, after five runs, keeps one plan for it when that plan costs no more than planning each time
 * (planning the dashboard's statement took 1.3 ms, running it 0.4 ms).
 *
 * Only for reads whose best plan does not depend on their values: a lookup by session token, by
 * user or by one card, and reads by vendor whose plan was checked for every size of vendor
 * (decision 062: the vendor dashboard's). Never for reads of stamps by vendor and date range,
 * whose best plan depends on the vendor's size and the range's length. Values are
 * `sql.placeholder(name)` in the text and given at each run. On PGlite the statement's name is
 * ignored (there is no connection to keep it on).
 *
 * PostgreSQL keeps the generic plan only while its estimated cost is no higher than the custom
 * plans' (decision 066): a value whose statistics make a custom plan look cheaper (a large vendor's
 * LIMIT 10 of 150,000 rows) has the statement planned afresh on every run, for ever. Such values
 * go in as `hiddenPlaceholder`.
 */
const dialect = new PgDialect({ casing: COLUMN_CASING });

/**
 * The statement's name on a connection: the label, and a hash of the text, because a name may only
 * ever hold one text on a connection (node-postgres refuses a second).
 */
export function statementName(label: string, text: string): string {
  return `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
}

/**
 * A placeholder the planner cannot look into: `(select $n::type)`, an initplan's result. Custom
 * and generic plans then estimate alike, so after five runs PostgreSQL keeps the generic plan
 * whatever the statistics say (decision 066). The index conditions stay index conditions.
 */
export function hiddenPlaceholder(name: string, type: 'uuid' | 'text' | 'int'): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/** A raw read, prepared: `build` is called once, and each run gives its placeholders' values. */
export function preparedRead<T>(
  label: string,
  build: () => SQL,
): (db: Executor, values: Record<string, unknown>) => Promise<T[]> {
  let statement: { query: Query; name: string } | undefined;
  return async (db, values) => {
    if (!statement) {
      const query = dialect.sqlToQuery(build());
      statement = { query, name: statementName(label, query.sql) };
    }
    const prepared = db._.session.prepareQuery(statement.query, undefined, statement.name, false);
    return ((await prepared.execute(values)) as { rows: T[] }).rows;
  };
}

/** What Drizzle's query builder gives: a query that can be prepared under a name. */
interface Preparable<Prepared> {
  toSQL(): { sql: string };
  prepare(name: string): Prepared;
}

/**
 * A query-builder read, prepared: `build` is called once per database or transaction, and the
 * prepared query (its result mapped to the selected fields, as the builder maps it) is kept for it.
 */
export function preparedQuery<Prepared>(
  label: string,
  build: (db: Executor) => Preparable<Prepared>,
): (db: Executor) => Prepared {
  const prepared = new WeakMap<Executor, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      const builder = build(db);
      query = builder.prepare(statementName(label, builder.toSQL().sql));
      prepared.set(db, query);
    }
    return query;
  };
}
