/**
 * npm run bench:startup [-- --runs N] [-- --root DIR] [-- --out FILE] [-- --slow-4g]
 *
 * What a public page's own start blocks on the emulated phone, without Lighthouse. Lighthouse
 * records a full trace while the page loads and multiplies every task it saw by the CPU slowdown;
 * on a host of two shared cores the tracing itself (the browser and its compositor busy beside the
 * page) lengthens the page's tasks, so its total blocking time moves by half from run to run and
 * hides a change of tens of milliseconds. Here the page is slowed down for real (DevTools'
 * CPU throttling, by the same calibrated multiplier as bench:web), nothing is traced, and the
 * page reports its own long tasks (PerformanceObserver): blocking time after the first paint and
 * the longest task, median of `runs` fresh loads per page and language. `--root` measures the
 * build of another checkout (a worktree of the commit before a change), for a before and after.
 *
 * It also reports when the page first painted and when hydration reached the page's last element
 * (React's props on it: from then on every part of the page answers a tap). `--slow-4g` puts
 * DevTools' network throttling with Lighthouse's "Slow 4G" figures between the page and the app, so
 * that both moments include the downloads a phone on a thin connection waits for.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium, type Browser } from 'playwright-core';
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../src/shared/i18n/languages';
import { CHROMIUM_PATH } from './audit-pages';
import { CpuCalibrator, type CpuCalibration } from './cpu-calibration';
import { WEB_BENCH_PATHS } from './run-web-bench';
import { startBuiltApp } from './start-app';

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

/** A cheap phone's screen, as Lighthouse's mobile emulation. */
const VIEWPORT = { width: 412, height: 823 };

/**
 * Collects the page's long tasks from its first moment (an init script runs before any of the
 * page's), and looks once a frame for React's props on the last element of #root: hydration works
 * through the tree in order, so they are there once it has taken over the whole page.
 */
const RECORD_LONG_TASKS = `(() => {
  window.__longTasks = [];
  window.__hydratedAt = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const elements = document.getElementsByTagName('*');
  function look() {
    const root = document.getElementById('root');
    const inRoot = root ? root.getElementsByTagName('*') : elements;
    const last = root ? inRoot[inRoot.length - 1] : undefined;
    if (last && Object.keys(last).some((key) => key.startsWith('__reactProps$'))) {
      window.__hydratedAt = performance.now();
      return;
    }
    requestAnimationFrame(look);
  }
  requestAnimationFrame(look);
})()`;

/** After the page has settled: its first paint, long tasks and the end of hydration. */
const READ_LONG_TASKS = `(() => ({
  firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  hydratedAt: window.__hydratedAt,
  tasks: window.__longTasks,
}))()`;

/** Lighthouse's "Slow 4G" as DevTools applies it (its devtools throttling figures). */
const SLOW_4G = {
  offline: false,
  latency: throttling.mobileSlow4G.requestLatencyMs,
  downloadThroughput: (throttling.mobileSlow4G.downloadThroughputKbps * 1024) / 8,
  uploadThroughput: (throttling.mobileSlow4G.uploadThroughputKbps * 1024) / 8,
};

interface PageLoad {
  blockingMs: number;
  longestTaskMs: number;
  firstPaintMs: number;
  /** Null when hydration did not reach the last element before the page settled. */
  hydratedAtMs: number | null;
}

export interface StartupBlocking {
  path: string;
  language: Language;
  cpu: CpuCalibration;
  runs: PageLoad[];
  /** Medians of the runs. */
  blockingMs: number;
  longestTaskMs: number;
  firstPaintMs: number;
  hydratedAtMs: number | null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Lighthouse's blocking time: each long task's part over 50 ms, counted from the first paint. */
export function blockingAfterFirstPaint(
  firstPaint: number,
  tasks: [start: number, duration: number][],
): Pick<PageLoad, 'blockingMs' | 'longestTaskMs'> {
  let blockingMs = 0;
  let longestTaskMs = 0;
  for (const [start, duration] of tasks) {
    longestTaskMs = Math.max(longestTaskMs, duration);
    const end = start + duration;
    if (end <= firstPaint) continue;
    // A task that began before the first paint counts from it, as Lighthouse counts it.
    blockingMs += Math.max(0, end - Math.max(start, firstPaint) - 50);
  }
  return { blockingMs: Math.round(blockingMs), longestTaskMs: Math.round(longestTaskMs) };
}

async function loadOnce(
  browser: Browser,
  url: string,
  language: Language,
  slowdown: number,
  slow4g: boolean,
): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    extraHTTPHeaders: { Cookie: `${LANGUAGE_COOKIE}=${language}` },
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_LONG_TASKS);
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    if (slow4g) {
      await devtools.send('Network.enable');
      await devtools.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    await page.goto(url, { waitUntil: 'networkidle' });
    // Hydration's last slices and the effects after it.
    await page.waitForTimeout(1_500);
    const { firstPaint, hydratedAt, tasks } = (await page.evaluate(READ_LONG_TASKS)) as {
      firstPaint: number;
      hydratedAt: number | null;
      tasks: [number, number][];
    };
    return {
      ...blockingAfterFirstPaint(firstPaint, tasks),
      firstPaintMs: Math.round(firstPaint),
      hydratedAtMs: hydratedAt === null ? null : Math.round(hydratedAt),
    };
  } finally {
    await context.close();
  }
}

export async function measureStartupBlocking(
  baseUrl: string,
  runs: number,
  slow4g = false,
): Promise<StartupBlocking[]> {
  const calibrator = await CpuCalibrator.launch(CHROMIUM_PATH, FLAGS);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
  try {
    const results: StartupBlocking[] = [];
    for (const pagePath of WEB_BENCH_PATHS) {
      for (const language of LANGUAGES) {
        const cpu = await calibrator.measure();
        const loads: PageLoad[] = [];
        for (let run = 0; run < runs; run += 1) {
          loads.push(await loadOnce(browser, `${baseUrl}${pagePath}`, language, cpu.cpuSlowdownMultiplier, slow4g));
        }
        results.push({
          path: pagePath,
          language,
          cpu,
          runs: loads,
          blockingMs: median(loads.map((load) => load.blockingMs)),
          longestTaskMs: median(loads.map((load) => load.longestTaskMs)),
          firstPaintMs: median(loads.map((load) => load.firstPaintMs)),
          hydratedAtMs: loads.some((load) => load.hydratedAtMs === null)
            ? null
            : median(loads.map((load) => load.hydratedAtMs ?? Number.NaN)),
        });
      }
    }
    return results;
  } finally {
    await browser.close();
    await calibrator.close();
  }
}

function formatTable(results: StartupBlocking[]): string {
  const rows = results.map(
    (result) =>
      `| ${result.path} | ${result.language} | ${result.blockingMs} ms | ${result.longestTaskMs} ms | ` +
      `${result.runs.map((load) => load.blockingMs).join(', ')} | ${result.firstPaintMs} ms | ` +
      `${result.hydratedAtMs === null ? 'not reached' : `${result.hydratedAtMs} ms`} | ` +
      `${result.cpu.hostBenchmarkIndex} | x${result.cpu.cpuSlowdownMultiplier} |`,
  );
  return [
    '| page | language | blocking after first paint (median) | longest task (median) | each run | first paint (median) | hydrated (median) | host CPU index | CPU slowdown |',
    '|---|---|---:|---:|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '7' },
      root: { type: 'string', default: fileURLToPath(new URL('../..', import.meta.url)) },
      out: { type: 'string' },
      'slow-4g': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs expects a whole number of at least 1');
  const root = path.resolve(values.root);
  const loadAverageBefore = loadavg()[0] ?? 0;
  const app = await startBuiltApp(root);
  try {
    const slow4g = values['slow-4g'];
    const results = await measureStartupBlocking(app.baseUrl, runs, slow4g);
    console.log(
      `\n${formatTable(results)}\n\nBuild of ${root}; network ${slow4g ? 'Slow 4G (DevTools throttling)' : 'loopback'}; ${availableParallelism()} cores, load average ${loadAverageBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after.`,
    );
    if (values.out) {
      writeFileSync(
        values.out,
        `${JSON.stringify({ measuredAt: new Date().toISOString(), root, runs, slow4g, pages: results }, null, 2)}\n`,
      );
    }
  } finally {
    await app.stop();
  }
}
