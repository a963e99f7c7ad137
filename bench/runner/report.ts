import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load-test';
import type { MachineInfo } from './machine';
import type { PgbenchResult } from './pgbench';
import { describePhoneRun, type CampaignBench } from '../scenarios/campaign';
import type { CpuPerRequest } from './cpu-time';

export interface ScenarioOutcome {
  id: string;
  group: string;
  title: string;
  result: LoadResult;
  /** CPU of the app and of the database's backends over the measured run, per 2xx answer. */
  cpu: CpuPerRequest | null;
  target: { text: string; met: boolean } | null;
  /** A second target on the CPU figures (the stamp run: the app's CPU below PostgreSQL's). */
  cpuTarget?: { text: string; met: boolean } | null;
}

export interface StampCeiling {
  pgbench: PgbenchResult;
  appStampsPerSecond: number;
  /** App stamps per second ÷ pgbench stamps per second. */
  ratio: number;
  target: { text: string; met: boolean };
}

export interface BenchResults {
  date: string;
  machine: MachineInfo;
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    pipelining: 1;
    database: string;
    processes: number[];
  };
  data: {
    vendors: number;
    stamps: number;
    analyticsVendor: string;
    analyticsVendorStamps: number;
    stampingVendor: string;
  };
  scenarios: ScenarioOutcome[];
  stampCeiling: StampCeiling | null;
  /** The campaign run (--only campaign), with the stamp runs before and during it. */
  campaign: CampaignBench | null;
  loadAverageAtEnd: number[];
  /** In the full results: the last campaign run at full size, a run of its own (recordCampaignRun). */
  campaignRun?: BenchResults;
}

function readResults(file: string): BenchResults | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BenchResults) : null;
}

/** Writes a run's results; a file that held a campaign run keeps it (a full run without one does not erase it). */
export function writeResults(file: string, results: BenchResults): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const campaignRun = results.campaignRun ?? readResults(file)?.campaignRun;
  writeFileSync(file, `${JSON.stringify({ ...results, ...(campaignRun ? { campaignRun } : {}) }, null, 2)}\n`);
}

/**
 * A campaign run at full size (--only campaign, 100,000 customers) goes into the full results as
 * `campaignRun`, and only there: the rest of the file, the full run's, stays as it was.
 */
export function recordCampaignRun(fullFile: string, run: BenchResults): void {
  const full = readResults(fullFile);
  if (!full) throw new Error(`${fullFile} is missing: a campaign run is recorded beside a full run`);
  const { campaignRun: _earlier, ...own } = run;
  writeFileSync(fullFile, `${JSON.stringify({ ...full, campaignRun: own }, null, 2)}\n`);
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '—');
const whole = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—');
const cpuText = (cpu: CpuPerRequest | null) =>
  cpu && Number.isFinite(cpu.appMsPerRequest) ? `${cpu.appMsPerRequest} / ${cpu.postgresMsPerRequest}` : '';
const verdict = (target: { met: boolean } | null) => (target ? (target.met ? 'pass' : '**FAIL**') : '');

export function markdownReport(results: BenchResults): string {
  const { machine, settings } = results;
  const lines = [
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, ${machine.platform}; ` +
      `Node ${machine.node}, PostgreSQL ${machine.postgres}, ${machine.pgbench}, autocannon ${machine.autocannon}. ` +
      `Load average at start ${machine.loadAverageAtStart.join(' / ')}, at end ${results.loadAverageAtEnd.join(' / ')}.`,
    `Data: ${whole(results.data.vendors)} vendors, ~${whole(results.data.stamps)} stamps; analytics of ${results.data.analyticsVendor} ` +
      `(${whole(results.data.analyticsVendorStamps)} stamps), stamps issued at ${results.data.stampingVendor}. Each run ${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up, no pipelining.`,
    '',
    '| Scenario | Conns | req/s | p50 ms | p99 ms | Errors | CPU ms/req app / PostgreSQL | Load | Target | Result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const scenario of results.scenarios) {
    const { result } = scenario;
    // No answer at all: every request outlasted the run, so there is no latency to show.
    const silent = result.requests === 0;
    lines.push(
      `| ${scenario.title} | ${result.connections} | ${silent ? 'none answered' : whole(result.requestsPerSecond)} | ` +
        `${silent ? `> ${whole(result.seconds * 1000)}` : ms(result.p50Ms)} | ${silent ? '—' : ms(result.p99Ms)} | ${whole(result.errors)} | ` +
        `${cpuText(scenario.cpu)} | ${result.loadAverage.toFixed(1)} | ${scenario.target?.text ?? ''} | ${verdict(scenario.target)} |`,
    );
    if (scenario.cpuTarget && scenario.cpu) {
      lines.push(
        `| ↳ CPU per stamp request | | | | | | ${cpuText(scenario.cpu)} | | ${scenario.cpuTarget.text} | ${verdict(scenario.cpuTarget)} |`,
      );
    }
    // The ceiling once, after the first stamp run (with --processes, the others compare with it).
    if (
      scenario.group === 'stamps' &&
      scenario === results.scenarios.find((item) => item.group === 'stamps') &&
      results.stampCeiling
    ) {
      const { pgbench, ratio, target } = results.stampCeiling;
      lines.push(
        `| pgbench, the same SQL (ceiling) | ${pgbench.connections} | ${whole(pgbench.stampsPerSecond)} | avg ${ms(pgbench.latencyAverageMs)} | | ${whole(pgbench.failed + pgbench.withoutStamp)} | | ` +
          `${pgbench.loadAverage.toFixed(1)} | ${target.text}: ${(ratio * 100).toFixed(0)}% | ${verdict(target)} |`,
      );
    }
  }
  if (results.campaign) {
    const campaign = results.campaign;
    const stampsPerSecond = (result: LoadResult) =>
      whole((result.statusCodes['200'] ?? 0) / Math.max(result.seconds, 1e-9));
    lines.push(
      '',
      `Campaign to the customers of ${campaign.vendor}: ${whole(campaign.recipients)} recipients (${whole(campaign.recipientsWanted)} asked for, ${whole(campaign.holdersAdded)} added to the vendor). ` +
        `All in the outbox after ${campaign.enqueueSeconds ?? '—'} s; ${whole(campaign.delivered)} delivered after ${campaign.sendSeconds ?? 'more than the timeout'} s` +
        `${campaign.emailsPerSecond ? ` (${whole(campaign.emailsPerSecond)} e-mails/s)` : ''}, ${whole(campaign.waitingForDigest)} waiting for the recipients' digests. ` +
        `Stamps ${stampsPerSecond(campaign.stampsBefore)}/s before (p99 ${ms(campaign.stampsBefore.p99Ms)} ms), ` +
        `${stampsPerSecond(campaign.stampsDuring)}/s during (p99 ${ms(campaign.stampsDuring.p99Ms)} ms, ${whole(campaign.stampsDuring.errors)} errors): ` +
        `${(campaign.stampRatio * 100).toFixed(0)}% of before, over ${campaign.overlapSeconds} s of overlap.`,
    );
    if (campaign.phone) lines.push('', `By phone: ${describePhoneRun(campaign.phone)}.`);
    if (campaign.cpu)
      lines.push(
        '',
        `All done after ${campaign.totalSeconds ?? 'more than the timeout'} s. CPU per message (${whole(campaign.cpu.messages)} e-mails delivered and phone messages, the stamps issued meanwhile included): ` +
          `app ${campaign.cpu.appMsPerMessage} ms, PostgreSQL ${campaign.cpu.postgresMsPerMessage} ms.`,
      );
  }
  return lines.join('\n');
}
