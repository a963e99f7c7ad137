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
      `(${throttling.rttMs} ms RTT, ${((throttling.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, CPU x${throttling.cpuSlowdownMultiplier}), ` +
      `median of ${lighthouse.runsPerPage} runs per page; ${machine.cores} cores, load average ${machine.loadAverageBefore.join(' ')} before and ${machine.loadAverageAfter.join(' ')} after.`,
    '',
    '| page | language | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | first JS (gzip) | first CSS (gzip) | performance runs | CPU index |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const page of results.pages) {
    const weight = results.weight.pages.find((candidate) => candidate.path === page.path);
    const { scores, metrics } = page;
    lines.push(
      `| ${page.path} | ${page.language} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ` +
        `${metrics.firstContentfulPaintMs} ms | ${metrics.largestContentfulPaintMs} ms | ${metrics.totalBlockingTimeMs} ms | ${metrics.cumulativeLayoutShift} | ` +
        `${kilobytes(weight?.jsGzipBytes)} | ${kilobytes(weight?.cssGzipBytes)} | ${page.performanceRuns.join(', ')} | ${page.benchmarkIndex} |`,
    );
  }
  lines.push('');
  const home = results.weight.pages.find((page) => page.path === '/');
  for (const area of results.weight.areas) {
    lines.push(
      `${area.name} area: ${area.chunks.length} lazy chunks, ${kilobytes(area.gzipBytes)} gzip, ${area.separate ? 'none in a first download' : 'PART OF A FIRST DOWNLOAD'}`,
    );
  }
  lines.push(
    `Targets: initial JS of / at most ${kilobytes(home?.jsBudgetGzipBytes)} gzip: ${met(results.targets.initialJsOfHomeAtMost120kB)}; ` +
      `performance ≥ 95 on every page: ${met(results.targets.performanceAtLeast95)}; accessibility 100 on every page: ${met(results.targets.accessibility100)}.`,
  );
  for (const page of results.pages) {
    if (page.failing.length === 0) continue;
    lines.push(
      `${page.path} (${page.language}) audits below 0.9: ${page.failing.map((audit) => `${audit.id} (${audit.category})`).join(', ')}`,
    );
  }
  return lines.join('\n');
}
