import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '@server/db/schema';
import { createAdversarialWorld, restoreActor, type AdversarialWorld } from './adversarial-world';
import { afterEffectsSettled, injectAsActor, startAdversarialApp } from './adversarial-app';
import { changedTables, createFingerprinter, type DatabaseFingerprint } from './database-fingerprint';
import { fuzzRequestsFor } from './fuzz-requests';
import { isFuzzed } from './route-requests';
import { routeName } from './route-table';

/**
 * Every write route, and every route that takes path parameters or a query, called with hostile
 * values as the most privileged session there is: it never answers 5xx, a 429 says when to try
 * again (Retry-After), and a request it refuses (4xx) leaves every table as it was.
 *
 * The routes are dealt into parts, one test file each, so the suite's minutes spread over the
 * cores instead of running alone at the end of the unit suite. Every route falls in exactly one part.
 */
export async function fuzzEveryRoute({ part, of }: { part: number; of: number }): Promise<void> {
  const suite = await startAdversarialApp();
  const db = suite.database.db;
  const fingerprint = createFingerprinter(db);
  let world: AdversarialWorld;

  beforeAll(async () => {
    world = await createAdversarialWorld(suite.app, db, suite.config, suite.clock.now());
  }, 120_000);

  afterAll(async () => {
    await suite.close();
  });

  function sameFingerprint(a: DatabaseFingerprint, b: DatabaseFingerprint): boolean {
    return changedTables(a, b).length === 0;
  }

  /** After a change, work the request started without waiting (an e-mail after the commit) has landed. */
  async function settledFingerprint(): Promise<DatabaseFingerprint> {
    await afterEffectsSettled(suite.app);
    let last = await fingerprint();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const next = await fingerprint();
      if (sameFingerprint(last, next)) return next;
      last = next;
    }
    return last;
  }

  // Once, in the first part.
  if (part === 1) {
    describe('the database fingerprint', () => {
      it('notices a single changed value in any table', async () => {
        const before = await fingerprint();
        // A column no trigger copies elsewhere (the address is copied into the main branch).
        await db
          .update(vendors)
          .set({ businessDescription: 'Changed by the fingerprint check' })
          .where(eq(vendors.id, world.ids.targetVendorId));
        expect(changedTables(before, await fingerprint())).toEqual(['vendors']);
      });
    });
  }

  describe('hostile input to every route', () => {
    const routes = suite.routes.filter(isFuzzed).filter((_, index) => index % of === part - 1);
    for (const route of routes) {
      it(
        routeName(route),
        async () => {
          await restoreActor(suite.app, db, world);
          const problems: string[] = [];
          let before = await settledFingerprint();
          for (const request of fuzzRequestsFor(route, world.ids)) {
            const response = await injectAsActor(suite, world, route.method, request);
            const status = response.statusCode;
            const what = `${request.label} → ${status} ${response.body.slice(0, 160)}`;
            if (status >= 500) problems.push(`server error: ${what}`);
            if (status === 429 && !/^[1-9]\d*$/.test(String(response.headers['retry-after'])))
              problems.push(`429 without Retry-After in seconds: ${what}`);
            if (request.expectedStatus !== undefined && status !== request.expectedStatus)
              problems.push(`expected ${request.expectedStatus}: ${what}`);
            if (status >= 400 && status < 500) {
              const after = await fingerprint();
              const changed = changedTables(before, after);
              if (changed.length > 0) problems.push(`refused but wrote ${changed.join(', ')}: ${what}`);
              before = after;
            } else {
              before = await settledFingerprint();
            }
          }
          // The problems themselves head the failure, where a CI summary that keeps a few lines shows them.
          if (problems.length > 0) expect.fail(`${problems.length} problem(s):\n${problems.join('\n')}`);
        },
        600_000,
      );
    }
  });
}
