import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '@server/db/schema';
import type { CountedBudget } from '@server/plugins/write-budgets';
import { injectAsActor, startAdversarialApp } from './adversarial-app';
import { createAdversarialWorld, type AdversarialWorld } from './adversarial-world';
import { fuzzRequestsFor } from './fuzz-requests';
import { STATE_CHANGING } from './route-requests';
import { routeName } from './route-table';

/**
 * Every write declares how often it may run (`config.budget`, plugins/write-budgets.ts), as it
 * declares its schema: a counted budget per user, vendor or address, or the name of the code that
 * limits it its own way. A route added tomorrow without one fails here.
 */
const suite = await startAdversarialApp();

afterAll(async () => {
  await suite.close();
});

/**
 * Writes with no budget yet, to be given one. Each is here only until it is: the list may shrink,
 * never grow (issue 40, item 5, unfinished). Grouped by why they were left for later.
 */
const NOT_YET_BUDGETED: readonly string[] = [
  // The payment provider's signed webhook, the sandbox provider and its test events, one-click
  // unsubscribe (mail providers post it from shared addresses, so a per-address count could refuse
  // real people) and Apple Wallet's device registrations: their own rules (signatures, the
  // sandbox's session, the signed link, Apple's authentication token) are not yet a budget.
  'POST /api/billing/sandbox/events',
  'POST /api/billing/webhooks/:provider',
  'POST /sandbox-pay/api/:accountId/create_checkout_session',
  'POST /sandbox-pay/api/:accountId/subscriptions/:subscriptionId/:action',
  'POST /sandbox-pay/checkout/:sessionId/cancel',
  'POST /sandbox-pay/checkout/:sessionId/pay',
  'POST /unsubscribe',
  'DELETE /api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
  'POST /api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
];

const writes = suite.routes.filter((route) => STATE_CHANGING.has(route.method));

describe('write budgets', () => {
  it('are declared by every write route (POST, PUT, PATCH, DELETE)', () => {
    const missing = writes
      .filter((route) => !route.config.budget)
      .map(routeName)
      .sort();
    expect(missing).toEqual([...NOT_YET_BUDGETED].sort());
    expect(writes.length).toBeGreaterThan(50);
  });

  it('are sane: a positive whole maximum and window, or the code that limits the route named', () => {
    for (const route of writes) {
      const budget = route.config.budget;
      if (!budget) continue;
      if ('handledBy' in budget) {
        expect([routeName(route), budget.handledBy.trim().length > 0]).toEqual([routeName(route), true]);
        continue;
      }
      expect([routeName(route), Number.isInteger(budget.max) && budget.max > 0]).toEqual([routeName(route), true]);
      expect([routeName(route), budget.windowMs >= 1000]).toEqual([routeName(route), true]);
    }
  });
});

describe('a request over its budget', () => {
  let world: AdversarialWorld;
  beforeAll(async () => {
    world = await createAdversarialWorld(suite.app, suite.database.db, suite.config, suite.clock.now());
  }, 120_000);

  it('is a 429 saying in Retry-After when to try again, on every route with a counted budget', async () => {
    const counted = suite.routes.filter((route) => route.config.budget && !('handledBy' in route.config.budget));
    expect(counted.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of counted) {
      const budget = route.config.budget as CountedBudget;
      // The budget used up, whoever it counts: the actor, the actor's vendor, the address.
      const now = suite.clock.now();
      for (const who of [`user:${world.actor.id}`, `vendor:${world.ids.vendorId}`, 'ip:127.0.0.1']) {
        const key = `budget:${routeName(route)}:${who}`;
        await suite.database.db
          .insert(rateLimits)
          .values({ key, windowStart: now, count: 1_000_000 })
          .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: now, count: 1_000_000 } });
      }
      const plausible = fuzzRequestsFor(route, world.ids)[0]!;
      const response = await injectAsActor(suite, world, route.method, plausible);
      const retryAfter = response.headers['retry-after'];
      const seconds = Number(retryAfter);
      if (response.statusCode !== 429 || !Number.isInteger(seconds) || seconds < 1 || seconds > budget.windowMs / 1000)
        wrong.push(`${routeName(route)} → ${response.statusCode}, Retry-After ${String(retryAfter)}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
