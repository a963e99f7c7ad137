import { ANALYTICS_RANGES } from '../../src/shared/analytics/vendor-analytics';
import type { BenchVendor } from '../runner/bench-data';
import type { LoadRequest } from '../runner/load-test';
import { p99Below, type Scenario, type Target } from './scenario';

/** Issue 20, item 3: a 150,000-stamp vendor sees every range in under 100 ms, and all ranges at
 * full concurrency answer in under 1 s. */
const ANALYTICS_MS = 100;
const ANALYTICS_ALL_MS = 1000;
/** Issue 44, item 5: the analytics page with every range (its figures and programme health) for the
 * 150,000-stamp vendor, p99 under 300 ms at 50 connections. */
const ANALYTICS_PAGE_P99_MS = 300;
/** Issue 20, item 2: the customer list, every sort and filter, page 50 and the summary. */
const CUSTOMERS_MS = 300;
/** Issue 20, item 2: the vendor's dashboard (today's figures, recent activity) at full concurrency. */
const VENDOR_DASHBOARD_P99_MS = 150;

/**
 * (d) The largest vendor's analytics and customers. Each analytics range is first measured as one
 * vendor opening the page (one connection: the latency a person waits, which the target is
 * about), then all ranges together at full concurrency for throughput. The customer list mixes
 * what the page does: first page, each sort, a filter, a search, a deep page and the summary.
 */
export function vendorScenarios(vendor: BenchVendor, ownerCookie: string, connections: number): Scenario[] {
  const as = (path: string): LoadRequest => ({ method: 'GET', path, headers: { cookie: ownerCookie } });
  const analyticsTarget: Target = {
    text: `p99 < ${ANALYTICS_MS} ms for one vendor, no errors`,
    met: (result) => result.requests > 0 && result.p99Ms < ANALYTICS_MS && result.errors === 0,
  };
  const perRange: Scenario[] = ANALYTICS_RANGES.map((range) => ({
    id: `vendor-analytics-${range}`,
    group: 'vendor',
    title: `Analytics ${range}, ${vendor.name} (${vendor.stamps.toLocaleString('en-US')} stamps)`,
    connections: 1,
    requests: [as(`/api/vendor/analytics?range=${range}`)],
    target: analyticsTarget,
  }));
  const customerPages = [
    as('/api/vendor/customers'),
    as('/api/vendor/customers/summary'),
    as('/api/vendor/customers?sort=name'),
    as('/api/vendor/customers?sort=stamps'),
    as('/api/vendor/customers?sort=joined'),
    as('/api/vendor/customers?status=completed'),
    as(`/api/vendor/customers?cardId=${vendor.card.id}`),
    as('/api/vendor/customers?search=khan'),
    as('/api/vendor/customers?page=50'),
  ];
  return [
    {
      id: 'vendor-dashboard',
      group: 'vendor',
      title: `Vendor dashboard, ${vendor.name}, ${connections} connections`,
      connections,
      requests: [as('/api/vendor/dashboard')],
      target: p99Below(VENDOR_DASHBOARD_P99_MS, connections),
    },
    ...perRange,
    {
      id: 'vendor-analytics-all',
      group: 'vendor',
      title: `Analytics, every range, ${connections} connections`,
      connections,
      requests: ANALYTICS_RANGES.map((range) => as(`/api/vendor/analytics?range=${range}`)),
      target: p99Below(ANALYTICS_ALL_MS, connections),
    },
    {
      id: 'vendor-analytics-page',
      group: 'vendor',
      title: `Analytics page, every range with programme health, ${connections} connections (target set at 50)`,
      connections,
      requests: ANALYTICS_RANGES.flatMap((range) => [
        as(`/api/vendor/analytics?range=${range}`),
        as(`/api/vendor/analytics/health?range=${range}`),
      ]),
      target: p99Below(ANALYTICS_PAGE_P99_MS, connections),
    },
    {
      id: 'vendor-customers',
      group: 'vendor',
      title: 'Customers list: sorts, filters, search, page 50, summary',
      connections,
      requests: customerPages,
      target: p99Below(CUSTOMERS_MS, connections),
    },
  ];
}
