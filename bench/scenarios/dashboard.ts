import { p99Below, type Scenario } from './scenario';

/** Issue 20: a signed-in customer's dashboard at full concurrency. */
const CUSTOMER_DASHBOARD_P99_MS = 100;

/**
 * (c) Signed-in customers opening their dashboard (/user), each request as one of the bench
 * customers in turn: once as one customer at a time (what a person waits), then at full concurrency.
 */
export function dashboardScenarios(
  customerCookies: readonly string[],
  cardsHeld: { fewest: number; most: number },
  connections: number,
): Scenario[] {
  const who = `${customerCookies.length} signed-in customers holding ${cardsHeld.fewest}–${cardsHeld.most} cards`;
  const requests = customerCookies.map((cookie) => ({
    method: 'GET' as const,
    path: '/api/customer/dashboard',
    headers: { cookie },
  }));
  return [
    {
      id: 'customer-dashboard-one',
      group: 'dashboard',
      title: `Customer dashboard, one at a time (${who})`,
      connections: 1,
      requests,
    },
    {
      id: 'customer-dashboard',
      group: 'dashboard',
      title: `Customer dashboard (${who})`,
      connections,
      requests,
      target: p99Below(CUSTOMER_DASHBOARD_P99_MS, connections),
    },
  ];
}
