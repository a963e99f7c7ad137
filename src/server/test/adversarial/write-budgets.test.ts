import { afterAll, describe, expect, it } from 'vitest';
import { startAdversarialApp } from './adversarial-app';
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
