import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';

/** A query and the shape of its rows (a type only: any SQL is one). */
export type RowsOf<T> = SQL & { readonly rowShape?: T };

/** The rows of a raw query; PGlite and node-postgres both answer with `{ rows }`. */
export async function rows<T>(db: Executor, query: RowsOf<T>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type ListOf<Query> = Query extends RowsOf<infer T> ? T[] : null;
type ListsOf<Queries> = { [Key in keyof Queries]: ListOf<Queries[Key]> };

/**
 * Several queries' rows in one statement, each as a JSON list (null for a query left out): one
 * round trip instead of one per query, which cost the app about 0.25 ms of CPU each (decision 068).
 * Values arrive as JSON gives them: numbers for every integer, text for dates and timestamps.
 */
export async function readLists<Queries extends Record<string, RowsOf<unknown> | null>>(
  db: Executor,
  queries: Queries,
): Promise<ListsOf<Queries>> {
  const keys = Object.keys(queries);
  const columns = keys.map((key, index) => {
    const query = queries[key];
    return query
      ? sql`(select coalesce(json_agg(q), '[]') from (${query}) as q) as ${sql.identifier(`list_${index}`)}`
      : sql`null as ${sql.identifier(`list_${index}`)}`;
  });
  const [row] = await rows<Record<string, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  return Object.fromEntries(
    keys.map((key, index) => [key, queries[key] ? jsonColumn<unknown[]>(row?.[`list_${index}`]) : null]),
  ) as ListsOf<Queries>;
}

/** Raw timestamps arrive as Date from one driver and as text from the other. */
export function toIso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** A json or json_agg column: parsed by node-postgres, text from PGlite; null is an empty list's. */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T;
}
