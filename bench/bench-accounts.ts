/**
 * The accounts `seed:scale` creates with a known password, so that the benchmark signs in
 * through the real sign-in API. Bench vendors own the largest vendors (vendor 1 is the largest).
 * These addresses use the reserved example.com domain; never seed them into a real database.
 */
export const BENCH_PASSWORD = 'bench-password-2024';
export const BENCH_CUSTOMER_COUNT = 10;

export function benchCustomerEmail(index: number): string {
  return `bench.customer.${index}@example.com`;
}

export function benchVendorEmail(index: number): string {
  return `bench.vendor.${index}@example.com`;
}

/** A platform admin (an admin_users row), for the admin area's queries. */
export function benchAdminEmail(): string {
  return 'bench.admin@example.com';
}

/**
 * Where the scale data lives: `--database-url`, else DATABASE_URL, else a database named
 * chaska_bench on the server of TEST_DATABASE_URL (which names a server, not a database to
 * fill), else chaska_bench on the local server.
 */
export const BENCH_DATABASE_NAME = 'chaska_bench';

export function defaultBenchDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const url = new URL(env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${BENCH_DATABASE_NAME}`;
  return url.toString();
}

export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}
