import { BRAND } from '@shared/brand';
import { escapeHtml } from '@server/modules/notifications/templates/layout';
import type { AnalyticsDocument } from './analytics-document';
import { formatLongDateTime } from '@shared/pakistan-time';

/**
 * Generate Report: a self-contained page laid out for printing (or "Save as PDF" in the
 * browser's print dialog). Styles are inline, no scripts, so the strict CSP is untouched.
 */
export function renderAnalyticsReportHtml(document: AnalyticsDocument, generatedAt: Date): string {
  const title = document.title;
  const max = Math.max(1, ...document.chart.bars.map((bar) => bar.value));
  const bars = document.chart.bars
    .map(
      (bar) =>
        `<div title="${escapeHtml(bar.bucket)}: ${bar.value}" style="flex:1;margin:0 1px;background:#c2410c;height:${Math.round((bar.value / max) * 100)}%"></div>`,
    )
    .join('');
  const tables = document.tables
    .map(
      (
        table,
      ) => `<h2>${escapeHtml(table.title)}</h2><table><thead><tr>${table.header.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead>
<tbody>${table.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell === null || cell === undefined ? '' : String(cell))}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;color:#1c1917;margin:24px auto;max-width:900px;padding:0 16px}
h1{font-size:22px;margin:4px 0}h2{font-size:16px;color:#c2410c;margin:24px 0 8px}
.brand{color:#c2410c;font-weight:700;font-size:20px}.muted{color:#57534e;font-size:13px}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e7e5e4}
th{background:#fafaf9}.chart{display:flex;align-items:flex-end;height:160px;border:1px solid #e7e5e4;padding:4px;margin-top:8px}
@media print{body{margin:0}h2{break-after:avoid}tr{break-inside:avoid}}
</style></head><body>
<div class="brand">${escapeHtml(BRAND.name)}</div>
<h1>${escapeHtml(title)}</h1>
<p class="muted">Generated ${escapeHtml(formatLongDateTime(generatedAt))} (Pakistan time). Use your browser's Print to print it or save it as PDF.</p>
<h2>${escapeHtml(document.chart.title)}</h2><div class="chart" role="img" aria-label="${escapeHtml(document.chart.title)} per period">${bars}</div>
${tables}
</body></html>`;
}
