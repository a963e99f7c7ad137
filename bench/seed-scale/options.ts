import { parseArgs } from 'node:util';
import { defaultBenchDatabaseUrl } from '../bench-accounts';

export interface SeedOptions {
  databaseUrl: string;
  vendors: number;
  customers: number;
  stamps: number;
  largeVendors: number;
  /** Stamps of each large vendor. */
  largeVendorStamps: number;
  /** How far back the stamps go. */
  months: number;
  seed: number;
  reset: boolean;
  consumedCodes: boolean;
}

export const USAGE = `Usage: npm run seed:scale -- [options]

  --vendors N              vendors (default 10000)
  --customers N            customers (default 200000)
  --stamps N               stamps in all (default 2000000)
  --large-vendors N        vendors with a very large history (default 3)
  --large-vendor-stamps N  stamps of each large vendor (default 150000)
  --months N               months of history (default 13)
  --seed N                 random seed: the same seed gives the same data (default 42)
  --database-url URL       target database (default: DATABASE_URL, else chaska_bench on the
                           server of TEST_DATABASE_URL, else on 127.0.0.1:5432); created if missing
  --reset                  empty a database that already has data, then seed it
  --no-consumed-codes      skip the consumed-code row of each past stamp (faster, less realistic)
  --help                   this text`;

function count(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isSafeInteger(parsed) || parsed < min)
    throw new Error(`--${name} expects a whole number of at least ${min}, got "${value}"`);
  return parsed;
}

export function parseSeedOptions(argv: readonly string[]): SeedOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      vendors: { type: 'string' },
      customers: { type: 'string' },
      stamps: { type: 'string' },
      'large-vendors': { type: 'string' },
      'large-vendor-stamps': { type: 'string' },
      months: { type: 'string' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-consumed-codes': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const options: SeedOptions = {
    databaseUrl: values['database-url'] ?? defaultBenchDatabaseUrl(),
    vendors: count('vendors', values.vendors, 10_000, 1),
    customers: count('customers', values.customers, 200_000, 1),
    stamps: count('stamps', values.stamps, 2_000_000),
    largeVendors: count('large-vendors', values['large-vendors'], 3),
    largeVendorStamps: count('large-vendor-stamps', values['large-vendor-stamps'], 150_000),
    months: count('months', values.months, 13, 1),
    seed: count('seed', values.seed, 42),
    reset: values.reset,
    consumedCodes: !values['no-consumed-codes'],
  };
  if (options.largeVendors > options.vendors) throw new Error('--large-vendors cannot exceed --vendors');
  return options;
}
