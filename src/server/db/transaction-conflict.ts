import { DrizzleQueryError } from 'drizzle-orm';

/**
 * SQLSTATEs with which PostgreSQL rolls a transaction back because another one got in its way,
 * not because anything in it is wrong: 40P01 deadlock detected (two transactions each waiting for
 * a row the other locked, as two partner counters stamping one customer on each other's cards at
 * the same instant can, decision 051) and 40001 serialization failure. The same transaction run
 * again normally goes through.
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/** Whether `error` is such a conflict, bare or inside Drizzle's "Failed query". */
export function isTransactionConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && CONFLICT_SQLSTATES.has(code)) return true;
  return error instanceof DrizzleQueryError && isTransactionConflict(error.cause);
}

/** What a request hears when its transaction kept colliding: 503 with Retry-After, never a 500. */
export const TRANSACTION_CONFLICT = {
  code: 'busy_try_again',
  message: 'Someone changed the same thing at the same moment. Please try again.',
  retryAfterSeconds: 1,
} as const;

/**
 * Runs a whole transaction, and runs it again when PostgreSQL rolled it back for a conflict: the
 * rollback undid everything, so nothing happens twice. `run` must hold all of its writes inside
 * the transaction it opens. After `attempts` the conflict is thrown (the error handler answers 503).
 */
export async function retryOnTransactionConflict<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
    }
  }
}
