import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Endpoint } from './endpoints';
import type { ExplainedStatement } from './explain-statement';
import { fullAggregateReason } from './full-aggregates';

export interface EndpointReport {
  endpoint: Endpoint;
  status: number;
  /** Server time of the calls after the recorded one, in milliseconds. */
  timingsMs: number[];
  statementCount: number;
  explained: Array<ExplainedStatement & { repeats: number }>;
}

export interface Finding {
  endpoint: string;
  statement: string;
  tables: string[];
  /** Null: a page query that scans, which fails the run. */
  allowedBecause: string | null;
}

export function findingsOf(reports: EndpointReport[]): Finding[] {
  return reports.flatMap((report) =>
    report.explained
      .filter((statement) => statement.seqScans.length > 0)
      .map((statement) => ({
        endpoint: report.endpoint.name,
        statement: statement.text,
        tables: statement.seqScans,
        allowedBecause: fullAggregateReason(report.endpoint.name, statement.text),
      })),
  );
}

function round(value: number): string {
  if (value === Number.POSITIVE_INFINITY) return 'timeout';
  return Number.isFinite(value) ? value.toFixed(1) : '-';
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function oneLine(text: string, length = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

function planFile(report: EndpointReport): string {
  const parts = [
    `# ${report.endpoint.name}: GET ${report.endpoint.url} as ${report.endpoint.persona} (HTTP ${report.status})`,
    '',
  ];
  report.explained.forEach((statement, index) => {
    parts.push(
      `-- Read ${index + 1} of ${report.explained.length}${statement.repeats > 1 ? ` (sent ${statement.repeats} times)` : ''}`,
      statement.text,
      `-- Parameters: ${JSON.stringify(statement.values)}`,
      statement.plan,
      '',
    );
  });
  return parts.join('\n');
}

export interface SummaryHeader {
  database: string;
  generatedAt: Date;
  serverVersion: string;
  cores: number;
  loadBefore: number[];
  loadAfter: number[];
  runs: number;
  dataLine: string;
}

export function summaryMarkdown(header: SummaryHeader, reports: EndpointReport[], findings: Finding[]): string {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const lines = [
    '# EXPLAIN ANALYZE of every list and count query',
    '',
    `Written by \`npm run bench:explain\` on ${header.generatedAt.toISOString()} against \`${header.database}\` (${header.serverVersion}).`,
    '',
    header.dataLine,
    '',
    `Machine: ${header.cores} cores, load average (1/5/15 min) ${load(header.loadBefore)} before and ${load(header.loadAfter)} after.`,
    `Server time: \`app.inject\` on the warm app, min and median of ${header.runs} calls after the recorded first one.`,
    'SQL: EXPLAIN (ANALYZE, BUFFERS) execution time of each distinct read the first call sent, with its own parameters; plans in `plans/<endpoint>.txt`.',
    '',
    '| Endpoint | As | HTTP | Server min / median ms | Reads | SQL total ms | Slowest read ms | Seq scan on stamps, user_cards, vendors |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const report of reports) {
    const times = report.explained.map((statement) => statement.executionMs);
    const scans = findings.filter((finding) => finding.endpoint === report.endpoint.name);
    const scanText =
      scans.length === 0
        ? 'none'
        : scans
            .map(
              (finding) => `${finding.tables.join(', ')}${finding.allowedBecause ? ' (full aggregate)' : ' **FAIL**'}`,
            )
            .join('; ');
    lines.push(
      `| ${report.endpoint.name} | ${report.endpoint.persona} | ${report.status} | ${round(Math.min(...report.timingsMs))} / ${round(median(report.timingsMs))} | ${report.explained.length} | ${round(times.reduce((sum, time) => sum + time, 0))} | ${round(Math.max(0, ...times))} | ${scanText} |`,
    );
  }
  lines.push('', '## Sequential scans of watched tables', '');
  if (findings.length === 0) lines.push('None.');
  for (const finding of findings) {
    lines.push(
      `- **${finding.endpoint}** — ${finding.tables.join(', ')} — ${finding.allowedBecause ? `allowed: ${finding.allowedBecause}` : 'FAIL: a page query must use an index'}`,
      `  \`${oneLine(finding.statement)}\``,
    );
  }
  lines.push('', '## Slowest reads', '', '| ms | Endpoint | Read |', '|---|---|---|');
  const slowest = reports
    .flatMap((report) => report.explained.map((statement) => ({ endpoint: report.endpoint.name, statement })))
    .sort((a, b) => b.statement.executionMs - a.statement.executionMs)
    .slice(0, 15);
  for (const { endpoint, statement } of slowest)
    lines.push(
      `| ${round(statement.executionMs)} | ${endpoint} | \`${oneLine(statement.text, 110).replace(/\|/g, '\\|')}\` |`,
    );
  lines.push('');
  return lines.join('\n');
}

/** Writes each report's plan file; `replaceAll` first removes the plans of endpoints no longer called. */
export async function writePlans(outDir: string, reports: EndpointReport[], replaceAll: boolean): Promise<void> {
  const plansDir = path.join(outDir, 'plans');
  if (replaceAll) await rm(plansDir, { recursive: true, force: true });
  await mkdir(plansDir, { recursive: true });
  for (const report of reports) await writeFile(path.join(plansDir, `${report.endpoint.name}.txt`), planFile(report));
}

export async function writeReport(
  outDir: string,
  header: SummaryHeader,
  reports: EndpointReport[],
): Promise<{ summary: string; findings: Finding[] }> {
  await writePlans(outDir, reports, true);
  const findings = findingsOf(reports);
  const summary = summaryMarkdown(header, reports, findings);
  await writeFile(path.join(outDir, 'summary.md'), summary);
  return { summary, findings };
}
