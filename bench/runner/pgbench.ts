import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { stampCollectedEmail } from '../../src/server/modules/notifications/templates/stamp-emails';
import { unsubscribeHeaders, unsubscribeUrl } from '../../src/server/modules/notifications/unsubscribe-link';
import { databaseNameOf } from '../bench-accounts';
import type { BenchVendor } from './bench-data';

const run = promisify(execFile);

export interface PgbenchResult {
  connections: number;
  threads: number;
  seconds: number;
  transactions: number;
  transactionsPerSecond: number;
  /** Stamps committed by the run, per second: the ceiling the app's stamps per second are compared with. */
  stampsPerSecond: number;
  /** Transactions that committed no stamp (refused as the app would, or cut off at the end); about 0. */
  withoutStamp: number;
  latencyAverageMs: number;
  failed: number;
  loadAverage: number;
}

/** pgbench reaches the server the way libpq does: host, port, user and password from the URL. */
function connectionArgs(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const args = ['-h', url.hostname || '127.0.0.1', '-p', url.port || '5432'];
  if (url.username) args.push('-U', decodeURIComponent(url.username));
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  return { args, env };
}

function numberAfter(output: string, pattern: RegExp): number {
  const match = pattern.exec(output);
  return match ? Number(match[1]) : Number.NaN;
}

export async function pgbenchVersion(): Promise<string> {
  try {
    const { stdout } = await run('pgbench', ['--version']);
    return stdout.trim();
  } catch {
    return 'not installed';
  }
}

/**
 * The scratch tables the script reads: the customers each client walks through, and the stamp
 * e-mail exactly as the app renders it (the queue row's size matters, so no placeholder text).
 */
async function prepareScratch(
  client: pg.Client,
  vendor: BenchVendor,
  customers: readonly string[],
  publicUrl: string,
): Promise<void> {
  await client.query('drop table if exists bench_stamp_customers, bench_stamp_email');
  await client.query('create unlogged table bench_stamp_customers (n int primary key, user_id text not null)');
  await client.query(
    'insert into bench_stamp_customers (n, user_id) select n, id from unnest($1::text[]) with ordinality as list(id, n)',
    [customers],
  );
  const link = unsubscribeUrl(publicUrl, 'bench-secret-of-the-same-length-as-a-real-one', customers[0] ?? 'customer');
  const email = stampCollectedEmail({
    name: 'Ayesha',
    vendorName: vendor.name,
    cardName: vendor.card.name,
    stampsCollected: 3,
    stampsRequired: vendor.card.stampsRequired,
    rewardTitle: 'Free Chicken Karahi',
    dashboardUrl: `${publicUrl}/user`,
    unsubscribeUrl: link,
  });
  await client.query(
    'create unlogged table bench_stamp_email (id int primary key, subject text, html text, body_text text, headers jsonb)',
  );
  await client.query('insert into bench_stamp_email values (1, $1, $2, $3, $4)', [
    email.subject,
    email.html,
    email.text,
    JSON.stringify(unsubscribeHeaders(link)),
  ]);
  await client.query('analyze bench_stamp_customers');
}

/**
 * The ceiling of (a): bench/pgbench/stamp.sql at the same concurrency and duration as the app's
 * run (-c connections, -j 2, -T duration), extended protocol like node-postgres, after the same
 * warm-up. Stamps are counted in the database afterwards, so a refused transaction never counts.
 */
export async function runStampPgbench(options: {
  packageRoot: string;
  databaseUrl: string;
  vendor: BenchVendor;
  customers: readonly string[];
  connections: number;
  duration: number;
  warmup: number;
  publicUrl: string;
}): Promise<PgbenchResult> {
  const { vendor, customers, connections } = options;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await prepareScratch(client, vendor, customers, options.publicUrl);
    const perClient = Math.floor(customers.length / connections);
    const { args: connection, env } = connectionArgs(options.databaseUrl);
    const threads = Math.min(2, connections);
    const script = path.join(options.packageRoot, 'bench/pgbench/stamp.sql');
    const variables = (offset: number) =>
      Object.entries({
        card: vendor.card.id,
        vendor: vendor.id,
        staff: vendor.owner.id,
        staff_email: vendor.owner.email,
        customers: customers.length,
        per_client: perClient,
        offset,
        i: 0,
      }).flatMap(([name, value]) => ['-D', `${name}=${value}`]);
    const pgbench = (seconds: number, offset: number) =>
      run(
        'pgbench',
        [
          ...connection,
          '-n',
          '-M',
          'extended',
          '-c',
          String(connections),
          '-j',
          String(threads),
          '-T',
          String(seconds),
          '-f',
          script,
          ...variables(offset),
          databaseNameOf(options.databaseUrl),
        ],
        { env, maxBuffer: 16 * 1024 * 1024 },
      );

    // The warm-up walks the start of each client's slice, the measured run the part after it.
    if (options.warmup > 0) await pgbench(options.warmup, 0);
    const startedAt = (await client.query<{ now: Date }>('select now()')).rows[0]!.now;
    const { stdout } = await pgbench(options.duration, Math.floor(perClient / 3));
    const stamps = await client.query<{ count: number }>(
      `select count(*)::int as count from stamps where vendor_id = $1 and issued_at >= $2 and qr_code like 'pgbench:%'`,
      [vendor.id, startedAt],
    );
    const transactions = numberAfter(stdout, /number of transactions actually processed: (\d+)/);
    const transactionsPerSecond = numberAfter(stdout, /tps = ([\d.]+) \(without initial connection time\)/);
    const committed = stamps.rows[0]?.count ?? 0;
    // pgbench's own clock (transactions ÷ tps), so stamps/s and tps cover the same seconds.
    const seconds = transactionsPerSecond > 0 ? transactions / transactionsPerSecond : options.duration;
    return {
      connections,
      threads,
      seconds: Math.round(seconds * 10) / 10,
      transactions,
      transactionsPerSecond: Math.round(transactionsPerSecond * 10) / 10,
      stampsPerSecond: Math.round((Math.min(committed, transactions) / seconds) * 10) / 10,
      withoutStamp: Math.max(0, transactions - committed),
      latencyAverageMs: numberAfter(stdout, /latency average = ([\d.]+) ms/),
      failed: numberAfter(stdout, /number of failed transactions: (\d+)/) || 0,
      loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
    };
  } finally {
    await client.query('drop table if exists bench_stamp_customers, bench_stamp_email').catch(() => undefined);
    await client.end();
  }
}
