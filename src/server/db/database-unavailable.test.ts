import { APIError } from 'better-auth/api';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { badRequest } from '@server/errors';
import { freePort } from '@server/test/local-process';
import { openDatabase } from './client';
import { isDatabaseUnavailable } from './database-unavailable';

/** A server error as node-postgres builds it from PostgreSQL's ErrorResponse. */
function serverError(code: string, message: string): Error {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

function failedQuery(cause: unknown): DrizzleQueryError {
  return new DrizzleQueryError('select 1', [], cause as Error);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect to server'],
  ])('recognises SQLSTATE %s (%s), bare and inside Drizzle\'s "Failed query"', (code, message) => {
    expect(isDatabaseUnavailable(serverError(code, message))).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(serverError(code, message)))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('recognises the driver saying "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(new Error(message)))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'])(
    'recognises the socket error %s',
    (code) => {
      expect(isDatabaseUnavailable(Object.assign(new Error(`connect ${code}`), { code }))).toBe(true);
    },
  );

  it('recognises a refused connection to a PostgreSQL address nobody answers at, as the pool reports it', async () => {
    const url = `postgresql://postgres@127.0.0.1:${await freePort()}/chaska`;
    const client = new pg.Client({ connectionString: url });
    expect(isDatabaseUnavailable(await rejection(client.connect()))).toBe(true);
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      expect(isDatabaseUnavailable(await rejection(database.db.execute(sql`select 1`)))).toBe(true);
      expect(isDatabaseUnavailable(await rejection(database.db.transaction((tx) => tx.execute(sql`select 1`))))).toBe(
        true,
      );
    } finally {
      await database.close();
    }
  });

  it("recognises it inside Better Auth's APIError, as a session lookup reports it", () => {
    const failure = failedQuery(serverError('57P03', 'the database system is shutting down'));
    const wrapped = APIError.from(
      'INTERNAL_SERVER_ERROR',
      { code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' },
      { cause: failure },
    );
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(
      isDatabaseUnavailable(
        APIError.from('UNAUTHORIZED', { code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' }),
      ),
    ).toBe(false);
  });

  it('recognises both refusals of a dual-stack address (AggregateError)', () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')]))).toBe(true);
  });

  it('recognises a closed embedded database', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    await database.close();
    expect(isDatabaseUnavailable(await rejection(database.db.execute(sql`select 1`)))).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['a missing table', serverError('42P01', 'relation "nope" does not exist')],
    ['a syntax error', serverError('42601', 'syntax error at or near "selec"')],
    ['a serialization failure', serverError('40001', 'could not serialize access')],
    ['a statement timeout', serverError('57014', 'canceling statement due to statement timeout')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an error for the person', badRequest('Please choose a loyalty card.')],
    [
      'a refused outgoing HTTP call',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
    ],
  ])('does not take %s for the database being away', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(error))).toBe(false);
  });

  it('answers false for things that are not errors', () => {
    for (const value of [undefined, null, 'ECONNREFUSED', 57, {}]) expect(isDatabaseUnavailable(value)).toBe(false);
  });
});
