/**
 * Reads that legitimately visit every row of a watched table: platform-wide figures, not a page
 * of results. Each one says why it may scan and what keeps it off the hot path. A sequential
 * scan anywhere else fails the run.
 */
export interface FullAggregate {
  endpoint: RegExp;
  statement: RegExp;
  reason: string;
}

const SUBSTRING_SEARCH =
  'a substring search (ILIKE %term%) cannot use a b-tree index; it reads the 10,000 vendors once (a few milliseconds), and pg_trgm is not available on the embedded PGlite';

export const FULL_AGGREGATES: FullAggregate[] = [
  {
    endpoint: /^marketplace-cards-/,
    statement: /^select count\(\*\)::int, count\(distinct "loyalty_cards"\."vendor_id"\)/,
    reason:
      'the listing totals count every matching card; memoised 30 s per filter and shared by concurrent visitors (marketplace/counts-cache.ts), first page only',
  },
  {
    endpoint: /^admin-top-vendors$/,
    statement: /"customer_counts"/,
    reason:
      'ranks every public vendor by its customers: a platform-wide aggregate, memoised 60 s for the admin dashboard (platform/admin-routes.ts)',
  },
  {
    endpoint: /^admin-analytics-/,
    statement: /"vendors"/,
    reason:
      'platform activity by city and category joins the daily rollups of the range (decision 048) to every vendor: a platform-wide aggregate, memoised 60 s per range (analytics/admin-routes.ts)',
  },
  // admin-vendor-options is called with a search term (endpoints.ts), so it is a substring search too.
  { endpoint: /^admin-(vendors-search|cards-search|vendor-options)$/, statement: /ilike/, reason: SUBSTRING_SEARCH },
];

export function fullAggregateReason(endpoint: string, statement: string): string | null {
  return (
    FULL_AGGREGATES.find((entry) => entry.endpoint.test(endpoint) && entry.statement.test(statement))?.reason ?? null
  );
}
