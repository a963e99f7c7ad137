import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result, type RunnerResult } from 'lighthouse';
import { LANGUAGE_COOKIE, type Language } from '../../src/shared/i18n/languages';
import { CPU_SLOWDOWN_BOUNDS, CpuCalibrator, TARGET_BENCHMARK_INDEX, type CpuCalibration } from './cpu-calibration';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing that reaches out to the network on its own. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** The calibration's browser: the same build and flags (Playwright adds its own headless mode). */
const CALIBRATION_FLAGS = CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless'));

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One page as a visitor who chose one language sees it (the language cookie, as the switch sets it). */
export interface PageTarget {
  path: string;
  language: Language;
}

export interface PageAudit extends PageTarget {
  /** Scores from 0 to 100 of the median run (by performance score). */
  scores: Record<Category, number>;
  /** Every recorded run's performance score, to show the spread. */
  performanceRuns: number[];
  /** Runs Lighthouse could not record even when tried again (the median is of the others). */
  failedRuns: number;
  /**
   * Lighthouse's measure of the host's CPU speed during the median run: the simulated throttling
   * scales the tasks it observed by the multiplier, so it should stay near the calibration's.
   */
  benchmarkIndex: number;
  /** The host measured just before this page's runs and the CPU slowdown they were given from it. */
  cpu: CpuCalibration;
  metrics: {
    firstContentfulPaintMs: number;
    largestContentfulPaintMs: number;
    totalBlockingTimeMs: number;
    cumulativeLayoutShift: number;
    speedIndexMs: number;
  };
  /** Audits that did not pass in the median run, with their titles, for the next fix. */
  failing: { id: string; title: string; category: Category }[];
}

/** A page none of whose runs Lighthouse could record: a miss of every target, with the reason. */
export interface UnmeasuredPage extends PageTarget {
  error: string;
}

export interface AuditSettings {
  formFactor: string;
  throttlingMethod: string;
  /** The network throttling; the CPU slowdown is calibrated per page (PageAudit.cpu). */
  throttling: Omit<Result['configSettings']['throttling'], 'cpuSlowdownMultiplier'>;
  cpuCalibration: { targetBenchmarkIndex: number; slowdownBounds: { min: number; max: number } };
  lighthouseVersion: string;
  browser: string;
  runsPerPage: number;
}

function score(lhr: Result, category: Category): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function numeric(lhr: Result, auditId: string): number {
  return lhr.audits[auditId]?.numericValue ?? Number.NaN;
}

function failingAudits(lhr: Result): PageAudit['failing'] {
  const failing: PageAudit['failing'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      failing.push({ id: ref.id, title: audit.title, category });
    }
  }
  return failing;
}

function toPageAudit(
  { path, language }: PageTarget,
  runs: Result[],
  cpu: CpuCalibration,
): Omit<PageAudit, 'failedRuns'> {
  const ordered = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = ordered[Math.floor(ordered.length / 2)];
  if (!median) throw new Error(`Lighthouse returned no result for ${path} (${language})`);
  return {
    path,
    language,
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(median, category)])) as Record<
      Category,
      number
    >,
    performanceRuns: runs.map((run) => score(run, 'performance')),
    benchmarkIndex: Math.round(median.environment.benchmarkIndex),
    cpu,
    metrics: {
      firstContentfulPaintMs: Math.round(numeric(median, 'first-contentful-paint')),
      largestContentfulPaintMs: Math.round(numeric(median, 'largest-contentful-paint')),
      totalBlockingTimeMs: Math.round(numeric(median, 'total-blocking-time')),
      cumulativeLayoutShift: Number(numeric(median, 'cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(numeric(median, 'speed-index')),
    },
    failing: failingAudits(median),
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine; such a run is tried again. */
const ATTEMPTS_PER_RUN = 3;

async function auditOnce(
  url: string,
  language: Language,
  port: number,
  cpuSlowdownMultiplier: number,
): Promise<RunnerResult> {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
    const outcome = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Merged into the default "Slow 4G" settings: only the CPU slowdown changes.
      throttling: { cpuSlowdownMultiplier },
      // Lighthouse clears the browser's storage before each run, so the choice travels as a header.
      extraHeaders: { Cookie: `${LANGUAGE_COOKIE}=${language}` },
    });
    if (!outcome) throw new Error(`Lighthouse did not run on ${url}`);
    if (!outcome.lhr.runtimeError) return outcome;
    lastError = outcome.lhr.runtimeError.message;
    console.warn(`Lighthouse run on ${url} failed (${lastError}); trying again`);
  }
  throw new Error(`Lighthouse failed on ${url}: ${lastError}`);
}

/**
 * Runs Lighthouse's default configuration (mobile form factor, simulated "Slow 4G" throttling:
 * 150 ms round trip, 1.6 Mbit/s down) on each page, `runs` times, in one headless Chromium, and
 * keeps the median run per page. The CPU slowdown is not Lighthouse's fixed 4x but calibrated
 * before each page from the host's benchmark index, so that every page on every host emulates the
 * same phone (TARGET_BENCHMARK_INDEX).
 */
export async function auditPages(
  baseUrl: string,
  targets: PageTarget[],
  runs: number,
): Promise<{ pages: PageAudit[]; unmeasured: UnmeasuredPage[]; settings: AuditSettings }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'error',
  });
  const calibrator = await CpuCalibrator.launch(CHROMIUM_PATH, CALIBRATION_FLAGS);
  try {
    const pages: PageAudit[] = [];
    const unmeasured: UnmeasuredPage[] = [];
    let settings: AuditSettings | undefined;
    for (const target of targets) {
      const cpu = await calibrator.measure();
      console.log(
        `${target.path} (${target.language}): host CPU index ${cpu.hostBenchmarkIndex}, slowdown x${cpu.cpuSlowdownMultiplier}`,
      );
      const results: Result[] = [];
      let lastError = '';
      for (let run = 0; run < runs; run += 1) {
        let outcome: RunnerResult;
        try {
          outcome = await auditOnce(
            `${baseUrl}${target.path}`,
            target.language,
            chrome.port,
            cpu.cpuSlowdownMultiplier,
          );
        } catch (error) {
          // One page that a busy machine keeps failing must not throw away every other page's figures.
          lastError = error instanceof Error ? error.message : String(error);
          console.warn(lastError);
          continue;
        }
        results.push(outcome.lhr);
        const { cpuSlowdownMultiplier: _calibrated, ...network } = outcome.lhr.configSettings.throttling;
        settings ??= {
          formFactor: outcome.lhr.configSettings.formFactor,
          throttlingMethod: outcome.lhr.configSettings.throttlingMethod,
          throttling: network,
          cpuCalibration: { targetBenchmarkIndex: TARGET_BENCHMARK_INDEX, slowdownBounds: { ...CPU_SLOWDOWN_BOUNDS } },
          lighthouseVersion: outcome.lhr.lighthouseVersion,
          browser: outcome.lhr.environment.hostUserAgent,
          runsPerPage: runs,
        };
      }
      if (results.length === 0) unmeasured.push({ ...target, error: lastError });
      else pages.push({ ...toPageAudit(target, results, cpu), failedRuns: runs - results.length });
    }
    if (!settings) throw new Error('No page was audited');
    return { pages, unmeasured, settings };
  } finally {
    await calibrator.close();
    chrome.kill();
  }
}
