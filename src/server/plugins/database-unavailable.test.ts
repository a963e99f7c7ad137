import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { freePort } from '@server/test/local-process';

const UNAVAILABLE = {
  error: { code: 'database_unavailable', message: 'Chaska is briefly unavailable. Please try again in a few seconds.' },
};

/**
 * Requests while the database is away, for real: a PostgreSQL address nobody answers at, and an
 * embedded database that has been closed. The session cookie comes from the same app on a working
 * database, so signed-in requests get as far as looking up the session.
 */
describe('while the database is away', () => {
  const context = useTestApp();
  let customer: SignedInUser;

  beforeAll(async () => {
    customer = await signUpUser(context.app);
  });

  const databasesAway: Array<[string, () => Promise<DatabaseHandle>]> = [
    [
      'a PostgreSQL server that does not answer',
      async () => openDatabase({ kind: 'postgres', url: `postgresql://postgres@127.0.0.1:${await freePort()}/chaska` }),
    ],
    [
      'a closed embedded database',
      async () => {
        const database = await openDatabase({ kind: 'pglite' });
        await database.close();
        return database;
      },
    ],
  ];

  describe.each(databasesAway)('on %s', (_name, open) => {
    let app: FastifyInstance;
    let database: DatabaseHandle;

    beforeAll(async () => {
      database = await open();
      app = await buildApp({ config: context.config, database, logger: false, clock: context.clock });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it.each([
      ['GET', '/api/marketplace/cards', false],
      ['GET', '/api/customer/dashboard', true],
      ['GET', '/api/me', true],
      ['POST', '/api/stamps/my-code', true],
      ['POST', '/api/accounts/sign-in', false],
    ] as const)('%s %s answers 503 with Retry-After and a clear message', async (method, url, signedIn) => {
      const response = await app.inject({
        method,
        url,
        headers: signedIn ? { cookie: customer.cookie } : {},
        ...(url === '/api/accounts/sign-in'
          ? { payload: { email: customer.email, password: 'chai-and-paratha' } }
          : {}),
      });
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 503, body: UNAVAILABLE });
      expect(response.headers['retry-after']).toBe('5');
    });

    it('reports itself down on /api/health with Retry-After', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json().database.state).toBe('down');
      expect(response.headers['retry-after']).toBe('5');
    });

    it('still answers bad input with a 400 naming the field', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/stamps/collect',
        headers: { cookie: customer.cookie },
        payload: {},
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('code');
    });
  });
});
