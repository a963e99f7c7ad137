import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import { BENCH_PASSWORD, databaseNameOf } from '../bench-accounts';
import { generateCardActivity, type ActivityTotals } from './activity';
import { ensureBenchAdmin } from './bench-admin';
import { detachConstraints, restoreConstraints } from './bulk-load';
import { checkConsistency } from './check-consistency';
import type { CopyResult } from './copy-writer';
import { parseSeedOptions, USAGE, type SeedOptions } from './options';
import { DAY_MS, StampClock } from './pakistan-time';
import { generateCustomers } from './people';
import { prepareDatabase } from './prepare-database';
import { Random } from './random';
import { generateVendors, settlePlan, type SeededCard } from './vendors';
import { openWriters, SEED_TABLE_NAMES, type SeedWriters } from './writers';

const log = (line: string) => console.log(line);
const seconds = (since: number) => (performance.now() - since) / 1000;
const format = (value: number) => Math.round(value).toLocaleString('en-US');

async function writeCard(writers: SeedWriters, card: SeededCard): Promise<void> {
  await writers.loyalty_cards.write([
    card.id,
    card.vendor.id,
    card.name,
    card.description,
    card.type,
    card.stampsRequired,
    card.rewardTitle,
    card.rewardDescription,
    card.rewardValue,
    card.status,
    card.intervalMinutes,
    card.deal?.dealPrice ?? null,
    card.deal?.originalPrice ?? null,
    card.deal?.stockLeft ?? null,
    card.deal ? new Date(card.deal.endsAt) : null,
    card.membershipFeeYearly,
    card.featuredOrder,
    new Date(card.createdAt),
    new Date(card.updatedAt),
    card.pointsPer100Pkr === null ? 'visit' : 'points',
    card.pointsPer100Pkr,
  ]);
}

async function generate(options: SeedOptions, writers: SeedWriters, passwordHash: string): Promise<ActivityTotals> {
  const random = new Random(options.seed);
  const now = Date.now();
  const historyMs = (options.months + 2) * 30 * DAY_MS;
  const people = { random, writers, now, historyMs, passwordHash };

  let phase = performance.now();
  const customers = await generateCustomers(people, options.customers);
  log(`  customers generated (${seconds(phase).toFixed(1)} s)`);
  phase = performance.now();
  const vendors = await generateVendors({ ...people, months: options.months }, options);
  log(`  vendors, owners and cards generated (${seconds(phase).toFixed(1)} s)`);

  phase = performance.now();
  const totals: ActivityTotals = { userCards: 0, stamps: 0, rewards: 0 };
  const activity = {
    random,
    clock: new StampClock(random),
    writers,
    now,
    customers,
    consumedCodes: options.consumedCodes,
  };
  let nextReport = performance.now() + 10_000;
  for (const vendor of vendors) {
    for (const card of vendor.cards) {
      await generateCardActivity(activity, card, totals);
      await writeCard(writers, card);
    }
    settlePlan(vendor);
    await writers.vendors.write(vendor.row());
    if (performance.now() > nextReport) {
      nextReport += 10_000;
      log(`  … ${format(totals.stamps)} stamps (${format(totals.stamps / seconds(phase))}/s)`);
    }
  }
  log(`  user cards, stamps and rewards generated (${seconds(phase).toFixed(1)} s)`);
  return totals;
}

function printLoadTable(results: CopyResult[], loadSeconds: number): void {
  log('\n| table | rows | rows/s |');
  log('|---|---:|---:|');
  for (const result of results.filter((row) => row.rows > 0)) {
    log(`| ${result.table} | ${format(result.rows)} | ${format(result.rows / result.seconds)} |`);
  }
  const rows = results.reduce((sum, result) => sum + result.rows, 0);
  log(`| **all** | ${format(rows)} | ${format(rows / loadSeconds)} |`);
}

async function main(): Promise<void> {
  const parsed = parseSeedOptions(process.argv.slice(2));
  if (parsed === 'help') {
    log(USAGE);
    return;
  }
  const options = parsed;
  const startedAt = performance.now();
  const database = databaseNameOf(options.databaseUrl);
  log(
    `Seeding ${database}: ${format(options.vendors)} vendors (${options.largeVendors} large), ${format(options.customers)} customers, ` +
      `${format(options.stamps)} stamps over ${options.months} months, seed ${options.seed}`,
  );
  await prepareDatabase(options.databaseUrl, options.reset, log);

  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  try {
    // Better Auth's own hasher, so the bench accounts sign in through the real API.
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const detached = await detachConstraints(admin, SEED_TABLE_NAMES);
    log('Generating and loading (COPY, one connection per table)');
    const loadStarted = performance.now();
    const { writers, finish } = await openWriters(options.databaseUrl);
    let totals: ActivityTotals;
    try {
      totals = await generate(options, writers, passwordHash);
    } catch (error) {
      // Close the other COPYs; the generator's own error is the one worth reporting.
      await finish().catch(() => undefined);
      throw error;
    }
    const results = await finish();
    const loadSeconds = seconds(loadStarted);
    printLoadTable(results, loadSeconds);
    const leftOut = options.stamps - totals.stamps;
    if (leftOut > 0)
      log(
        `(${format(leftOut)} of the requested stamps fell on cards or vendors too young to hold them and were left out)`,
      );

    log('\nRebuilding keys, indexes and foreign keys');
    const indexStarted = performance.now();
    await restoreConstraints(admin, detached, log);
    const indexSeconds = seconds(indexStarted);
    await ensureBenchAdmin(admin, passwordHash);
    const analyzeStarted = performance.now();
    // Every table, the rollups the rebuilds filled included (vendor_customers, vendor_customer_months,
    // vendor_totals, card_holders...): a table never analysed is planned from default estimates, and
    // one never vacuumed makes index-only scans read the heap. A server with autovacuum off (as some
    // test machines run) would otherwise bench plans no production database would choose.
    await admin.query('vacuum (analyze)');
    log(`  vacuum and analyze (${seconds(analyzeStarted).toFixed(1)} s)`);

    log('\nChecking consistency');
    const report = await checkConsistency(admin);
    log(`  user cards out of step with their stamps and rewards: ${report.userCardMismatches}`);
    log(`  vendor months over the plan's stamp limit: ${report.monthsOverLimit}`);
    log(`  stamps closer than the card's interval: ${report.stampsTooClose}`);
    log(`  stamps or user cards older than their account or card: ${report.outOfOrder}`);
    log(`  vendors without their address as main branch: ${report.mainBranchMismatches}`);
    log(
      `  largest vendors: ${report.largestVendors.map((vendor) => `${vendor.name} ${format(vendor.stamps)} (${vendor.plan})`).join('; ')}`,
    );

    const total = seconds(startedAt);
    log(
      `\nDone in ${total.toFixed(0)} s: load ${loadSeconds.toFixed(0)} s, indexes ${indexSeconds.toFixed(0)} s. ` +
        `${format(totals.stamps)} stamps, ${format(totals.userCards)} user cards, ${format(totals.rewards)} rewards in ${database}.`,
    );
    if (
      report.userCardMismatches +
        report.monthsOverLimit +
        report.stampsTooClose +
        report.outOfOrder +
        report.mainBranchMismatches >
      0
    )
      process.exitCode = 1;
  } finally {
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
