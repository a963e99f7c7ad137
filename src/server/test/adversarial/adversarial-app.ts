import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import type { Config } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { testConfig } from '@server/test/build-test-app';
import { freePort } from '@server/test/local-process';
import { TestClock } from '@server/test/test-clock';
import { createTestDatabase } from '@server/test/test-database';
import { captureRouteTable, type RouteEntry } from './route-table';
import type { AdversarialWorld } from './adversarial-world';
import type { FuzzRequest } from './fuzz-requests';
import { apiKeyHeaders } from './route-requests';

export interface AdversarialApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  clock: TestClock;
  /** PUBLIC_URL's origin: what our own pages send as Origin. */
  ownOrigin: string;
  routes: RouteEntry[];
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, listening on a free port that is also its PUBLIC_URL, so the
 * sandbox checkout and its signed webhooks make their real HTTP round trips. Its route table is
 * read while buildApp registers the routes, so the suites can declare one test per route.
 */
export async function startAdversarialApp(overrides: Record<string, string> = {}): Promise<AdversarialApp> {
  const port = await freePort();
  const ownOrigin = `http://127.0.0.1:${port}`;
  const config = testConfig({ ...overrides, PUBLIC_URL: ownOrigin });
  const clock = new TestClock();
  const database = await createTestDatabase();
  const { result: app, routes } = await captureRouteTable(() => buildApp({ config, database, logger: false, clock }));
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    database,
    config,
    clock,
    ownOrigin,
    routes,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Work that requests started without waiting for it has finished: the account e-mails (a password
 * reset starts once its answer is out), then every e-mail send in flight.
 */
export async function afterEffectsSettled(app: FastifyInstance): Promise<void> {
  await app.deps.accounts.idle();
  await app.deps.email.idle();
}

/** One of the fuzz requests, sent as the world's most privileged actor from our own origin. */
export function injectAsActor(
  suite: AdversarialApp,
  world: AdversarialWorld,
  method: string,
  request: Pick<FuzzRequest, 'url' | 'body'>,
) {
  return suite.app.inject({
    method: method as 'GET',
    url: request.url,
    headers: {
      cookie: world.actor.cookie,
      origin: suite.ownOrigin,
      ...apiKeyHeaders(request.url, world.apiKey),
      ...(request.body ? { 'content-type': request.body.contentType } : {}),
    },
    ...(request.body ? { payload: request.body.payload } : {}),
  });
}
