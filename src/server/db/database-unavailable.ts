import { DrizzleQueryError } from 'drizzle-orm';
import { BRAND } from '@shared/brand';

/**
 * What a request that needs the database hears while the database is away (a restart, a
 * failover, a network cut): 503 with Retry-After, so people and clients try again shortly,
 * instead of a 500 that says something broke.
 */
export const DATABASE_UNAVAILABLE = {
  code: 'database_unavailable',
  message: `${BRAND.name} is briefly unavailable. Please try again in a few seconds.`,
  retryAfterSeconds: 5,
} as const;

/**
 * SQLSTATEs that say the server cannot serve us right now, whatever the query: 57P01 admin
 * shutdown (pg_terminate_backend, a fast stop), 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up or shutting down), 53300 too many connections. Class 08 (connection exceptions)
 * is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors on the way to the server. */
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres and PGlite say without a code: a connection that died mid-query or was
 * timed out ("Connection terminated unexpectedly", "Connection terminated due to connection
 * timeout"), a pool that waited connectionTimeoutMillis for a free connection, a client used
 * after its connection failed, and an embedded database that has been closed.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^PGlite is closed$/,
];

function isUnavailableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (UNAVAILABLE_NETWORK_CODES.has(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether `error` means "the database is not reachable right now" rather than "this request or
 * this code is wrong". Looks inside the wrappers driver errors arrive in: Drizzle's "Failed
 * query" and Better Auth's APIError ("Failed to get session"), through their `cause`, and the
 * AggregateError of a refused dual-stack connection. Other wrappers are not opened, so a refused
 * outgoing HTTP call (fetch's "fetch failed", whose cause is ECONNREFUSED) is not mistaken for
 * the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (isUnavailableItself(error)) return true;
  if (error instanceof DrizzleQueryError || isAuthLibraryError(error)) return isDatabaseUnavailable(error.cause);
  if (error instanceof AggregateError) return error.errors.some((inner) => isDatabaseUnavailable(inner));
  return false;
}

/** Better Auth wraps what failed inside it in an APIError (its own check is by name, too). */
function isAuthLibraryError(error: object): error is Error {
  return error instanceof Error && error.name === 'APIError';
}
