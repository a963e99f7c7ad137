import { HOME_JS_TARGET_GZIP_BYTES } from '../../scripts/initial-weight-plugin';
import type { WebResults } from './run-web-bench';

function kilobytes(bytes: number | undefined): string {
  return bytes === undefined ? '–' : `${(bytes / 1000).toFixed(1)} kB`;
}

function met(value: boolean): string {
  return value ? 'met' : 'NOT met';
}

/** The front end's figures as a markdown table, with the conditions they were measured under. */
export function formatWebResults(results: WebResults): string {
  const { lighthouse, machine } = results;
  const throttling = lighthouse.throttling;
  const lines = [
    `Lighthouse ${lighthouse.lighthouseVersion}, ${lighthouse.formFactor}, ${lighthouse.throttlingMethod} throttling "Slow 4G" ` +
      `(${throttling.rttMs} ms RTT, ${((throttling.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s), ` +
      `CPU slowed per page from the host's benchmark index to emulate a phone of index ${lighthouse.cpuCalibration.targetBenchmarkIndex} ` +
      `(multiplier host ÷ ${lighthouse.cpuCalibration.targetBenchmarkIndex}, between x${lighthouse.cpuCalibration.slowdownBounds.min} and x${lighthouse.cpuCalibration.slowdownBounds.max}), ` +
      `median of ${lighthouse.runsPerPage} runs per page; ${machine.cores} cores, load average ${machine.loadAverageBefore.join(' ')} before and ${machine.loadAverageAfter.join(' ')} after.`,
    '',
    `| page | language | performance (target ≥ ${results.targets.performanceTarget}) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | first JS (gzip) | first CSS (gzip) | performance runs | host CPU index | CPU slowdown | index in the run |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const page of results.pages) {
    const weight = results.weight.pages.find((candidate) => candidate.path === page.path);
    const { scores, metrics } = page;
    lines.push(
      `| ${page.path} | ${page.language} | ${scores.performance} ${scores.performance >= results.targets.performanceTarget ? 'met' : 'MISS'} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ` +
        `${metrics.firstContentfulPaintMs} ms | ${metrics.largestContentfulPaintMs} ms | ${metrics.totalBlockingTimeMs} ms | ${metrics.cumulativeLayoutShift} | ` +
        `${kilobytes(weight?.jsGzipBytes)} | ${kilobytes(weight?.cssGzipBytes)} | ${page.performanceRuns.join(', ')}${page.failedRuns > 0 ? ` (${page.failedRuns} failed)` : ''} | ${page.cpu.hostBenchmarkIndex} | x${page.cpu.cpuSlowdownMultiplier} | ${page.benchmarkIndex} |`,
    );
  }
  for (const page of results.unmeasured) {
    lines.push(`| ${page.path} | ${page.language} | not measured: ${page.error} |`);
  }
  lines.push('');
  const home = results.weight.pages.find((page) => page.path === '/');
  for (const area of results.weight.areas) {
    lines.push(
      `${area.name} area: ${area.chunks.length} lazy chunks, ${kilobytes(area.gzipBytes)} gzip, ${area.separate ? 'none in a first download' : 'PART OF A FIRST DOWNLOAD'}`,
    );
  }
  lines.push(
    `Targets: initial JS of / at most ${kilobytes(HOME_JS_TARGET_GZIP_BYTES)} gzip: ${met(results.targets.initialJsOfHomeAtMost120kB)} ` +
      `(${kilobytes(home?.jsGzipBytes)}; within the build's budget of ${kilobytes(home?.jsBudgetGzipBytes)}: ${met(results.targets.initialJsOfHomeWithinBudget)}); ` +
      `performance ≥ ${results.targets.performanceTarget} on every page: ${met(results.targets.performanceAtLeast95)}` +
      `${results.targets.performanceMisses.length > 0 ? ` (missed by ${results.targets.performanceMisses.join(', ')})` : ''}; accessibility 100 on every page: ${met(results.targets.accessibility100)}.`,
  );
  for (const page of results.pages) {
    if (page.failing.length === 0) continue;
    lines.push(
      `${page.path} (${page.language}) audits below 0.9: ${page.failing.map((audit) => `${audit.id} (${audit.category})`).join(', ')}`,
    );
  }
  return lines.join('\n');
}
