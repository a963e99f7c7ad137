/**
 * How long the admin area keeps a platform-wide aggregate (top vendors, analytics by day, city
 * and category): each reads a whole table (analytics, the range's rollups and every vendor), and a
 * minute-old figure tells an admin the same thing.
 */
export const PLATFORM_AGGREGATES_TTL_MS = 60_000;
