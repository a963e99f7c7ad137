import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultBenchDatabaseUrl } from '../bench-accounts';

export const SCENARIO_GROUPS = ['stamps', 'listings', 'dashboard', 'vendor', 'campaign'] as const;
export type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];
/** What runs without --only: the campaign (minutes, and it adds customers to a vendor) only when asked. */
export const DEFAULT_GROUPS: readonly ScenarioGroup[] = ['stamps', 'listings', 'dashboard', 'vendor'];

export interface BenchOptions {
  databaseUrl: string;
  connections: number;
  /** Seconds of each measured run. */
  duration: number;
  /** Seconds of unmeasured load before each run (connections, caches, JIT). */
  warmup: number;
  port: number;
  groups: ScenarioGroup[];
  pgbench: boolean;
  output: string;
  /** The WEB_CONCURRENCY values to measure, one after the other (each with every chosen group). */
  processes: number[];
  /**
   * A streaming replica of the database (DATABASE_READ_URL): every chosen run is measured twice,
   * without it and with it, one app after the other.
   */
  readUrl: string | null;
  /** The campaign run: customers of its vendor, and how long to wait for the last e-mail. */
  campaignCustomers: number;
  campaignTimeout: number;
  /** Of the campaign's customers, those who also get it by WhatsApp or SMS (within the Enterprise plan's 10,000 a month). */
  campaignPhone: number;
  /** Runs the app under Node's CPU profiler, writing its profiles into this folder. */
  cpuProfileDir: string | null;
}

/** The full results file: only a run of every group, one and two processes, with and without the replica, writes it. */
export const FULL_RESULTS = 'bench/results.json';
/** Where any other run writes, so a partial run never replaces the full results. */
export const PARTIAL_RESULTS = 'bench/results-partial.json';

/** Whether a run measures everything bench/results.json records. */
export function isFullRun(options: Pick<BenchOptions, 'groups' | 'processes' | 'readUrl'>): boolean {
  return (
    SCENARIO_GROUPS.every((group) => options.groups.includes(group)) &&
    options.processes.includes(1) &&
    options.processes.includes(2) &&
    options.readUrl !== null
  );
}

export const USAGE = `Usage: npm run bench -- [options]

  --connections N     concurrent connections of every run and of pgbench (default 50)
  --duration S        seconds of each measured run (default 20)
  --warmup S          seconds of unmeasured load before each run (default 3)
  --database-url URL  database with seed:scale data (default: DATABASE_URL, else chaska_bench on
                      the server of TEST_DATABASE_URL, else on 127.0.0.1:5432)
  --port N            port for the app under test (default 3999)
  --only LIST         some of: ${SCENARIO_GROUPS.join(',')} (default: all but campaign)
  --campaign-customers N   customers the campaign run writes to (default 100000)
  --campaign-timeout S     seconds to wait for its last e-mail (default 3600)
  --campaign-phone N       of them, those who also get it by WhatsApp (7 in 10) or SMS
                           (default 10000, the Enterprise plan's month)
  --no-pgbench        skip the pgbench ceiling of the stamp run
  --output FILE       results file (default ${FULL_RESULTS} for a full run: every group of --only,
                      --processes 1,2 and --read-url; ${PARTIAL_RESULTS} for any other, which
                      may not write ${FULL_RESULTS})
  --processes LIST    WEB_CONCURRENCY values to measure in turn, e.g. 1,2 (default 1)
  --read-url URL      a streaming replica of the database: each run without it, then with it
                      as DATABASE_READ_URL
  --cpu-prof DIR      run the app under Node's CPU profiler, profiles into DIR, and print
                      the functions and modules that took the most CPU
  --help              this text`;

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`--${name} expects a whole number, got "${value}"`);
  return parsed;
}

export function parseBenchOptions(argv: readonly string[], packageRoot: string): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'database-url': { type: 'string' },
      port: { type: 'string' },
      only: { type: 'string' },
      'no-pgbench': { type: 'boolean', default: false },
      output: { type: 'string' },
      processes: { type: 'string' },
      'read-url': { type: 'string' },
      'campaign-customers': { type: 'string' },
      'campaign-timeout': { type: 'string' },
      'campaign-phone': { type: 'string' },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const groups = values.only ? values.only.split(',').map((group) => group.trim()) : [...DEFAULT_GROUPS];
  const unknown = groups.filter((group) => !(SCENARIO_GROUPS as readonly string[]).includes(group));
  if (unknown.length > 0)
    throw new Error(`--only: unknown scenario ${unknown.join(', ')}; choose from ${SCENARIO_GROUPS.join(', ')}`);
  const connections = positive('connections', values.connections, 50);
  if (connections < 1) throw new Error('--connections must be at least 1');
  const processes = (values.processes ?? '1').split(',').map((value) => value.trim());
  if (processes.some((value) => !/^[0-9]+$/.test(value) || Number(value) < 1 || Number(value) > 64)) {
    throw new Error(
      `--processes expects whole numbers of app processes from 1 to 64 separated by commas, got "${values.processes}"`,
    );
  }
  const readUrl = values['read-url'] ?? null;
  if (readUrl !== null && !/^postgres(ql)?:\/\//.test(readUrl))
    throw new Error(`--read-url expects a postgres:// or postgresql:// address, got "${readUrl}"`);
  const measured = { groups: groups as ScenarioGroup[], processes: processes.map(Number), readUrl };
  const fullResults = path.resolve(packageRoot, FULL_RESULTS);
  const output = path.resolve(packageRoot, values.output ?? (isFullRun(measured) ? FULL_RESULTS : PARTIAL_RESULTS));
  if (output === fullResults && !isFullRun(measured))
    throw new Error(
      `${FULL_RESULTS} keeps the full run (--only ${SCENARIO_GROUPS.join(',')} --processes 1,2 --read-url URL); ` +
        `write this partial run under another name (without --output it goes to ${PARTIAL_RESULTS})`,
    );
  return {
    databaseUrl: values['database-url'] ?? defaultBenchDatabaseUrl(),
    connections,
    duration: Math.max(1, positive('duration', values.duration, 20)),
    warmup: positive('warmup', values.warmup, 3),
    port: positive('port', values.port, 3999),
    groups: groups as ScenarioGroup[],
    pgbench: !values['no-pgbench'],
    output,
    processes: [...new Set(processes.map(Number))],
    readUrl,
    campaignCustomers: Math.max(1, positive('campaign-customers', values['campaign-customers'], 100_000)),
    campaignTimeout: Math.max(1, positive('campaign-timeout', values['campaign-timeout'], 3600)),
    campaignPhone: positive('campaign-phone', values['campaign-phone'], 10_000),
    cpuProfileDir: values['cpu-prof'] ? path.resolve(process.cwd(), values['cpu-prof']) : null,
  };
}
