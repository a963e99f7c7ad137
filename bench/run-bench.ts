import os from 'node:os';
import path from 'node:path';
import { stampCodeKey } from '../src/server/modules/stamps/stamp-codes';
import { rootDir } from '../src/server/paths';
import { BENCH_CUSTOMER_COUNT, benchCustomerEmail, benchVendorEmail, databaseNameOf } from './bench-accounts';
import { BenchData, MissingScaleData, type BenchCard, type BenchVendor } from './runner/bench-data';
import { runLoad, type LoadResult } from './runner/load-test';
import { describeCpuProfile, newestCpuProfile, summariseCpuProfile } from './runner/cpu-profile';
import { startCpuMeter, type CpuPerRequest } from './runner/cpu-time';
import { describeMachine } from './runner/machine';
import { FULL_RESULTS, parseBenchOptions, USAGE, type BenchOptions } from './runner/options';
import { pgbenchVersion, runStampPgbench, type PgbenchResult } from './runner/pgbench';
import {
  markdownReport,
  recordCampaignRun,
  writeResults,
  type ScenarioOutcome,
  type StampCeiling,
} from './runner/report';
import { signIn } from './runner/sign-in';
import { startApp, type AppStop, type RunningApp } from './runner/start-app';
import { startFakeTextProviders } from '../src/server/test/fake-text-providers';
import { addPakistanDays, startOfPakistanDay } from '../src/shared/pakistan-time';
import { dashboardScenarios } from './scenarios/dashboard';
import { listingScenarios } from './scenarios/listings';
import type { Scenario } from './scenarios/scenario';
import { stampScenario } from './scenarios/stamps';
import { vendorScenarios } from './scenarios/vendor';
import { benchCampaign, type CampaignBench } from './scenarios/campaign';

/** The stamp target of the issue: the app issues at least 60% of what the bare SQL can. */
const STAMP_RATIO_TARGET = 0.6;

const log = (line: string) => console.log(line);

function describe(result: LoadResult): string {
  const failures =
    result.sampleFailures.length > 0 ? `\n      e.g. ${result.sampleFailures.join('\n      e.g. ')}` : '';
  if (result.requests === 0)
    return `no answer within ${result.seconds} s (${result.unanswered} requests waiting), load ${result.loadAverage}${failures}`;
  return `${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors} errors, load ${result.loadAverage}${failures}`;
}

/** How long the stamp run waits after its load for the background jobs it enqueued. */
const DRAIN_JOBS_SECONDS = 180;

function describeCpu(cpu: CpuPerRequest): string {
  const drained =
    cpu.drainSeconds === null
      ? ''
      : cpu.jobsLeft > 0
        ? `; ${cpu.jobsLeft} background jobs still waiting after ${cpu.drainSeconds} s, their CPU missing`
        : `; its background jobs done ${cpu.drainSeconds} s after the load, their CPU included`;
  return `CPU per request: app ${cpu.appMsPerRequest} ms, PostgreSQL ${cpu.postgresMsPerRequest} ms (${cpu.appMs} and ${cpu.postgresMs} ms over ${cpu.requests} answers${drained})`;
}

async function measure(app: RunningApp, options: BenchOptions, scenario: Scenario): Promise<ScenarioOutcome> {
  log(`→ ${scenario.title} (${scenario.connections} connections, ${options.duration} s)`);
  const metering: { meter?: Awaited<ReturnType<typeof startCpuMeter>> } = {};
  const result = await runLoad({
    baseUrl: app.baseUrl,
    requests: scenario.requests,
    connections: scenario.connections,
    duration: options.duration,
    warmup: options.warmup,
    onMeasuredRunStart: async () => {
      metering.meter = await startCpuMeter({
        appPid: app.pid,
        databaseUrl: options.databaseUrl,
        database: databaseNameOf(options.databaseUrl),
      });
    },
  });
  const answered = Object.entries(result.statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  // A stamp's after-effects (its e-mail, push, automations) run in the background: wait for them, so
  // that their CPU counts in the stamp's.
  const cpu = metering.meter
    ? await metering.meter.finish(answered, scenario.group === 'stamps' ? { drainJobsSeconds: DRAIN_JOBS_SECONDS } : {})
    : null;
  log(`    ${describe(result)}`);
  if (cpu) log(`    ${describeCpu(cpu)}`);
  return {
    id: scenario.id,
    group: scenario.group,
    title: scenario.title,
    result,
    cpu,
    target: scenario.target ? { text: scenario.target.text, met: scenario.target.met(result) } : null,
  };
}

async function benchStamps(
  app: RunningApp,
  options: BenchOptions,
  data: BenchData,
  vendor: BenchVendor,
  named: (scenario: Scenario) => Scenario,
  measuredCeiling: PgbenchResult | null,
  /** A points card: the run awards bills on it instead of stamps on the vendor's stamp card. */
  pointsCard?: BenchCard,
): Promise<{ outcome: ScenarioOutcome; ceiling: StampCeiling | null }> {
  const staffCookie = await signIn(app.baseUrl, vendor.owner.email);
  const customers = await data.eligibleCustomers(pointsCard ?? vendor.card, 250_000);
  const scenario = stampScenario({
    vendor,
    staffCookie,
    customers,
    codeKey: stampCodeKey(app.sessionSecret),
    connections: options.connections,
    ...(pointsCard ? { pointsCard } : {}),
  });
  const outcome = await measure(app, options, named(scenario));
  if (scenario.customersUsed() > customers.length)
    log(`    (only ${customers.length} customers could take a stamp: some were stamped twice)`);
  const appStampsPerSecond = Math.round(((outcome.result.statusCodes['200'] ?? 0) / outcome.result.seconds) * 10) / 10;
  const ratioText = `≥ ${STAMP_RATIO_TARGET * 100}% of pgbench, no errors`;
  outcome.target = null;
  // The ratio moves with the machine's disk; CPU per stamp does not: the app must cost less than the database.
  if (outcome.cpu && Number.isFinite(outcome.cpu.appMsPerRequest))
    outcome.cpuTarget = {
      text: 'app CPU per stamp < PostgreSQL CPU per stamp, background jobs included',
      met: outcome.cpu.appMsPerRequest < outcome.cpu.postgresMsPerRequest && outcome.cpu.jobsLeft === 0,
    };
  if (!options.pgbench) return { outcome, ceiling: null };
  if ((await pgbenchVersion()) === 'not installed') {
    log('    pgbench is not installed (apt-get install postgresql-client): no ceiling');
    return { outcome, ceiling: null };
  }
  // The ceiling does not depend on the app's processes: measured once, compared with every run.
  if (!measuredCeiling)
    log(
      `→ pgbench ceiling: bench/pgbench/stamp.sql (${options.connections} clients, 2 threads, ${options.duration} s)`,
    );
  const pgbench =
    measuredCeiling ??
    (await runStampPgbench({
      packageRoot: rootDir,
      databaseUrl: options.databaseUrl,
      vendor,
      // Asked again: the app's run has just stamped some, and their interval has not passed.
      customers: await data.eligibleCustomers(vendor.card, 250_000),
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup,
      publicUrl: app.baseUrl,
    }));
  const ratio = pgbench.stampsPerSecond > 0 ? appStampsPerSecond / pgbench.stampsPerSecond : 0;
  log(
    `    ${pgbench.stampsPerSecond} stamps/s (${pgbench.transactionsPerSecond} tps, avg ${pgbench.latencyAverageMs} ms, ` +
      `${pgbench.withoutStamp} without a stamp, ${pgbench.failed} failed), load ${pgbench.loadAverage}; app/pgbench = ${(ratio * 100).toFixed(0)}%`,
  );
  const met = ratio >= STAMP_RATIO_TARGET && outcome.result.errors === 0;
  // A points run says its own ratio beside its target: the ceiling row follows the stamp run only.
  outcome.target = { text: pointsCard ? `${ratioText}: ${(ratio * 100).toFixed(0)}%` : ratioText, met };
  return { outcome, ceiling: { pgbench, appStampsPerSecond, ratio, target: { text: 'app / pgbench', met } } };
}

/** Says so, and fails the bench, when a stop cut work short. */
function checkStop(stopped: AppStop): void {
  if (stopped.exitCode !== 0 || stopped.poolEndedErrors > 0) {
    log(
      `    the app did not stop cleanly: exit code ${stopped.exitCode}, ${stopped.poolEndedErrors} queries after the pool ended`,
    );
    process.exitCode = 1;
  }
}

/** A campaign of this size and above is the issue's run, recorded in the full results (recordCampaignRun). */
const FULL_CAMPAIGN_CUSTOMERS = 100_000;
/** The providers' rates: the app's defaults, Meta's Cloud API throughput and an SMS gateway's. */
const PROVIDER_RATES = { whatsapp: 80, sms: 30 };
const HOUR_MS = 60 * 60 * 1000;

/**
 * How far ahead the campaign's app reads the time: not at all between 09:00 and 19:00 in Pakistan
 * (room for a long run before 21:00), else to the next 10:00, so that its messages by phone go now
 * whatever the real hour (a vendor's message waits for 09:00 otherwise).
 */
function clockAheadForMarketingHours(now: Date): number {
  const hour = (now.getTime() - startOfPakistanDay(now).getTime()) / HOUR_MS;
  if (hour >= 9 && hour < 19) return 0;
  let ten = new Date(startOfPakistanDay(now).getTime() + 10 * HOUR_MS);
  if (ten <= now) ten = addPakistanDays(ten, 1);
  return ten.getTime() - now.getTime();
}

/**
 * The campaign run on an app of its own: started with the fake WhatsApp and SMS providers' settings
 * and a clock in Pakistan's daytime, restarted once halfway through the phone messages.
 */
async function benchCampaignRun(
  options: BenchOptions,
  data: BenchData,
  vendors: { stamping: BenchVendor; campaign: BenchVendor },
): Promise<CampaignBench> {
  const providers = await startFakeTextProviders({ messagesPerSecond: PROVIDER_RATES, countOnly: true });
  const appClockAheadMs = clockAheadForMarketingHours(new Date());
  if (appClockAheadMs > 0)
    log(`    the app's clock reads ${(appClockAheadMs / HOUR_MS).toFixed(2)} h ahead: 10:00 in Pakistan`);
  const start = (sessionSecret?: string) =>
    startApp({
      packageRoot: rootDir,
      databaseUrl: options.databaseUrl,
      port: options.port,
      processes: 1,
      cpuProfileDir: options.cpuProfileDir,
      sessionSecret,
      clockAheadMs: appClockAheadMs,
      env: {
        ...providers.settingsFor(`http://127.0.0.1:${options.port}`, { whatsApp: true }),
        WHATSAPP_MESSAGES_PER_SECOND: String(PROVIDER_RATES.whatsapp),
        SMS_MESSAGES_PER_SECOND: String(PROVIDER_RATES.sms),
      },
    });
  let app = await start();
  try {
    return await benchCampaign({
      app,
      restartApp: async () => {
        const asked = Date.now();
        const stopped = await app.stop();
        const stopSeconds = Math.round((Date.now() - asked) / 100) / 10;
        checkStop(stopped);
        app = await start(app.sessionSecret);
        return { stopped, stopSeconds, app };
      },
      databaseUrl: options.databaseUrl,
      data,
      campaignVendor: vendors.campaign,
      stampingVendor: vendors.stamping,
      customers: options.campaignCustomers,
      phoneRecipients: options.campaignPhone,
      providers: { counts: providers.counts, ratesPerSecond: PROVIDER_RATES },
      appClockAheadMs,
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup,
      timeout: options.campaignTimeout,
    });
  } finally {
    checkStop(await app.stop());
    await providers.stop();
  }
}

/**
 * The scenarios of one app, started with `processes` processes (WEB_CONCURRENCY) and, when
 * `readUrl` is set, reading the read-only pages from that replica (DATABASE_READ_URL).
 */
async function benchOneApp(
  options: BenchOptions,
  data: BenchData,
  vendors: { analytics: BenchVendor; stamping: BenchVendor; campaign: BenchVendor },
  processes: number,
  readUrl: string | null,
  measuredCeiling: PgbenchResult | null,
): Promise<{ scenarios: ScenarioOutcome[]; stampCeiling: StampCeiling | null; campaign: CampaignBench | null }> {
  const app = await startApp({
    packageRoot: rootDir,
    databaseUrl: options.databaseUrl,
    port: options.port,
    processes,
    readUrl,
    cpuProfileDir: options.cpuProfileDir,
  });
  // With several process counts, or with and without a replica, every title says which it was measured with.
  const labels = [
    ...(options.processes.length > 1
      ? [{ id: `@${processes}`, text: `${processes} process${processes > 1 ? 'es' : ''}` }]
      : []),
    ...(options.readUrl
      ? [readUrl ? { id: '@replica', text: 'read replica' } : { id: '@primary', text: 'primary only' }]
      : []),
  ];
  const named = (scenario: Scenario): Scenario =>
    labels.length > 0
      ? {
          ...scenario,
          id: `${scenario.id}${labels.map((label) => label.id).join('')}`,
          title: `${scenario.title} [${labels.map((label) => label.text).join(', ')}]`,
        }
      : scenario;
  const timed = (scenario: Scenario) => measure(app, options, named(scenario));
  const scenarios: ScenarioOutcome[] = [];
  let stampCeiling: StampCeiling | null = null;
  let campaign: CampaignBench | null = null;
  try {
    const wants = (group: BenchOptions['groups'][number]) => options.groups.includes(group);
    if (wants('stamps')) {
      const stamps = await benchStamps(app, options, data, vendors.stamping, named, measuredCeiling);
      scenarios.push(stamps.outcome);
      stampCeiling = stamps.ceiling;
      // The same for a points card, compared with the same ceiling (decision 087).
      if (vendors.stamping.pointsCard) {
        const points = await benchStamps(
          app,
          options,
          data,
          vendors.stamping,
          named,
          stamps.ceiling?.pgbench ?? measuredCeiling,
          vendors.stamping.pointsCard,
        );
        scenarios.push(points.outcome);
      } else log('    no points card at the stamping vendor (seed:scale again to add one): the points run is skipped');
    }
    if (wants('listings')) {
      for (const scenario of await listingScenarios(app.baseUrl, options.connections))
        scenarios.push(await timed(scenario));
    }
    if (wants('dashboard')) {
      const emails = Array.from({ length: BENCH_CUSTOMER_COUNT }, (_, index) => benchCustomerEmail(index + 1));
      const cookies: string[] = [];
      for (const email of emails) cookies.push(await signIn(app.baseUrl, email));
      for (const scenario of dashboardScenarios(cookies, await data.cardsHeld(emails), options.connections))
        scenarios.push(await timed(scenario));
    }
    if (wants('vendor')) {
      const ownerCookie = await signIn(app.baseUrl, vendors.analytics.owner.email);
      for (const scenario of vendorScenarios(vendors.analytics, ownerCookie, options.connections))
        scenarios.push(await timed(scenario));
    }
    // Once per bench, with the first process count: it writes to its vendor's customers. It has an
    // app of its own (its providers, its clock), so this one stops first.
    if (wants('campaign') && processes === options.processes[0] && !readUrl) {
      checkStop(await app.stop());
      campaign = await benchCampaignRun(options, data, vendors);
    }
  } finally {
    checkStop(await app.stop());
    const profile = options.cpuProfileDir ? newestCpuProfile(options.cpuProfileDir) : null;
    if (profile) log(describeCpuProfile(summariseCpuProfile(profile)));
  }
  return { scenarios, stampCeiling, campaign };
}

async function main(): Promise<void> {
  const parsed = parseBenchOptions(process.argv.slice(2), rootDir);
  if (parsed === 'help') {
    log(USAGE);
    return;
  }
  const options = parsed;
  const database = databaseNameOf(options.databaseUrl);
  let data: BenchData | null = null;
  try {
    data = await BenchData.open(options.databaseUrl);
    const scale = await data.assertScaleData();
    // seed:scale gives the three bench vendors the same, largest number of stamps.
    const vendor = await data.vendorOwnedBy(benchVendorEmail(1));
    const stampingVendor = await data.vendorOwnedBy(benchVendorEmail(3));
    // The campaign goes to the customers of the third large vendor, which no other run reads.
    const campaignVendor = await data.vendorOwnedBy(benchVendorEmail(2));
    const machine = describeMachine({ postgres: await data.serverVersion(), pgbench: await pgbenchVersion() });
    const backlog = await data.dropJobBacklog();
    if (backlog > 0) log(`Dropped ${backlog.toLocaleString('en-US')} background jobs earlier runs left due`);
    log(`Vacuumed and analysed ${database} (${(await data.vacuumAnalyze()).toFixed(1)} s)`);
    log(
      `Bench on ${database}: ${scale.vendors.toLocaleString('en-US')} vendors; analytics of ${vendor.name} (${vendor.stamps.toLocaleString('en-US')} stamps), stamps issued at ${stampingVendor.name}`,
    );
    log(`Machine: ${machine.cores} cores, load average ${machine.loadAverageAtStart.join(' / ')}`);
    const scenarios: ScenarioOutcome[] = [];
    let stampCeiling: StampCeiling | null = null;
    let campaign: CampaignBench | null = null;
    const readUrls = options.readUrl ? [null, options.readUrl] : [null];
    for (const processes of options.processes) {
      for (const readUrl of readUrls) {
        if (options.processes.length > 1 || options.readUrl)
          log(
            `\nWEB_CONCURRENCY=${processes}${options.readUrl ? `, ${readUrl ? 'with' : 'without'} the read replica` : ''}`,
          );
        const run = await benchOneApp(
          options,
          data,
          { analytics: vendor, stamping: stampingVendor, campaign: campaignVendor },
          processes,
          readUrl,
          stampCeiling?.pgbench ?? null,
        );
        scenarios.push(...run.scenarios);
        stampCeiling ??= run.stampCeiling;
        campaign ??= run.campaign;
      }
    }

    const results = {
      date: new Date().toISOString(),
      machine,
      settings: {
        connections: options.connections,
        durationSeconds: options.duration,
        warmupSeconds: options.warmup,
        pipelining: 1 as const,
        database,
        processes: options.processes,
        readReplica: options.readUrl !== null,
      },
      data: {
        vendors: scale.vendors,
        stamps: scale.stamps,
        analyticsVendor: vendor.name,
        analyticsVendorStamps: vendor.stamps,
        stampingVendor: stampingVendor.name,
      },
      scenarios,
      stampCeiling,
      campaign,
      loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 100) / 100),
    };
    writeResults(options.output, results);
    const campaignOnly = options.groups.length === 1 && options.groups[0] === 'campaign';
    if (campaignOnly && campaign?.finished && options.campaignCustomers >= FULL_CAMPAIGN_CUSTOMERS) {
      recordCampaignRun(path.resolve(rootDir, FULL_RESULTS), results);
      log(`The campaign run is recorded in ${FULL_RESULTS} as campaignRun; the rest of that file is unchanged`);
    }
    log(
      `\n${markdownReport(results)}\n\nResults written to ${path.relative(process.cwd(), options.output) || options.output}`,
    );
  } catch (error) {
    if (error instanceof MissingScaleData) {
      console.error(
        `${error.message}\nThe bench needs scale data in ${database}. Fill it first (about a minute on 2 cores):\n` +
          `  npm run seed:scale -- --vendors 10000 --customers 200000 --stamps 2000000 --database-url ${options.databaseUrl}\n` +
          'then run npm run bench again.',
      );
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await data?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
