import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HOME_JS_TARGET_GZIP_BYTES,
  INITIAL_WEIGHT_FILE,
  type InitialWeightReport,
} from '../../scripts/initial-weight-plugin';
import { LANGUAGES } from '../../src/shared/i18n/languages';
import { auditPages, type AuditSettings, type PageAudit, type PageTarget, type UnmeasuredPage } from './audit-pages';
import { startBuiltApp } from './start-app';

/** The public pages of issue 20 item 8; the vendor page is a demo vendor's (seed-demo-data.ts). */
export const WEB_BENCH_PATHS = ['/', '/auth', '/vendor-clubs', '/vendors/butt-karahi-house-lahore'];

/** Issues 18 and 20: performance 95 or more on every page, in both languages, on the emulated phone. */
export const PERFORMANCE_TARGET = 95;

/** Every page in every language: the Urdu font and catalogue must cost the English pages nothing. */
function pageTargets(paths: string[]): PageTarget[] {
  return paths.flatMap((path) => LANGUAGES.map((language) => ({ path, language })));
}

const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface WebBenchOptions {
  /** Build first even when dist/ exists (a missing build is always made). */
  build?: boolean;
  /** Lighthouse runs per page; the median one is kept. */
  runs?: number;
  paths?: string[];
}

export interface WebTargets {
  initialJsOfHomeAtMost120kB: boolean;
  /** Within the build's own budget (vite.config.ts), which only stops it growing. */
  initialJsOfHomeWithinBudget: boolean;
  performanceTarget: number;
  /** The pages (path and language) under the performance target; none when it is met. */
  performanceMisses: string[];
  performanceAtLeast95: boolean;
  accessibility100: boolean;
}

export interface WebResults {
  measuredAt: string;
  machine: { cores: number; loadAverageBefore: number[]; loadAverageAfter: number[]; node: string };
  lighthouse: AuditSettings;
  pages: PageAudit[];
  /** Pages Lighthouse could not record at all on this run (they count as misses). */
  unmeasured: UnmeasuredPage[];
  weight: InitialWeightReport;
  targets: WebTargets;
}

function ensureBuild(force: boolean): void {
  const built =
    existsSync(path.join(PACKAGE_ROOT, 'dist/server/main.js')) &&
    existsSync(path.join(PACKAGE_ROOT, 'dist/client', INITIAL_WEIGHT_FILE));
  if (built && !force) return;
  execFileSync('npm', ['run', 'build'], { cwd: PACKAGE_ROOT, stdio: 'inherit' });
}

function readWeight(): InitialWeightReport {
  return JSON.parse(
    readFileSync(path.join(PACKAGE_ROOT, 'dist/client', INITIAL_WEIGHT_FILE), 'utf8'),
  ) as InitialWeightReport;
}

function roundedLoad(): number[] {
  return loadavg().map((value) => Number(value.toFixed(2)));
}

/**
 * The front end's benchmark: the build's first-download weights, then Lighthouse on the public
 * pages of the built app, started on embedded PGlite with the demo catalogue.
 */
export async function runWebBench(options: WebBenchOptions = {}): Promise<WebResults> {
  ensureBuild(options.build ?? false);
  const weight = readWeight();
  const loadAverageBefore = roundedLoad();
  if ((loadAverageBefore[0] ?? 0) > availableParallelism()) {
    console.warn(
      `The machine is busy (load average ${loadAverageBefore[0]} on ${availableParallelism()} cores): blocking time and scores will suffer.`,
    );
  }
  const app = await startBuiltApp(PACKAGE_ROOT);
  try {
    // One plain request per page first, so no run pays for the server's first answers.
    for (const page of options.paths ?? WEB_BENCH_PATHS) await (await fetch(`${app.baseUrl}${page}`)).text();
    const audit = await auditPages(app.baseUrl, pageTargets(options.paths ?? WEB_BENCH_PATHS), options.runs ?? 3);
    const home = weight.pages.find((page) => page.path === '/');
    return {
      measuredAt: new Date().toISOString(),
      machine: {
        cores: availableParallelism(),
        loadAverageBefore,
        loadAverageAfter: roundedLoad(),
        node: process.version,
      },
      lighthouse: audit.settings,
      pages: audit.pages,
      unmeasured: audit.unmeasured,
      weight,
      targets: {
        initialJsOfHomeAtMost120kB: home !== undefined && home.jsGzipBytes <= HOME_JS_TARGET_GZIP_BYTES,
        initialJsOfHomeWithinBudget:
          home?.jsBudgetGzipBytes !== undefined && home.jsGzipBytes <= home.jsBudgetGzipBytes,
        performanceTarget: PERFORMANCE_TARGET,
        performanceMisses: [
          ...audit.pages
            .filter((page) => page.scores.performance < PERFORMANCE_TARGET)
            .map((page) => `${page.path} (${page.language}): ${page.scores.performance}`),
          ...audit.unmeasured.map((page) => `${page.path} (${page.language}): not measured`),
        ],
        performanceAtLeast95:
          audit.unmeasured.length === 0 && audit.pages.every((page) => page.scores.performance >= PERFORMANCE_TARGET),
        accessibility100:
          audit.unmeasured.length === 0 && audit.pages.every((page) => page.scores.accessibility === 100),
      },
    };
  } finally {
    await app.stop();
  }
}
