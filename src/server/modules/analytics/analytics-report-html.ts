import { BRAND } from '@shared/brand';
import { escapeHtml } from '@server/modules/notifications/templates/layout';
import { analyticsTables, analyticsTitle } from './analytics-document';
import type { VendorAnalytics } from '@shared/analytics/vendor-analytics';
import { formatLongDateTime } from '@shared/pakistan-time';

/**
 * Generate Report: a self-contained page laid out for printing (or "Save as PDF" in the
 * browser's print dialog). Styles are inline, no scripts, so the strict CSP is untouched.
 */
export function renderAnalyticsReportHtml(businessName: string, analytics: VendorAnalytics, generatedAt: Date): string {
  const title = analyticsTitle(businessName, analytics);
  const max = Math.max(1, ...analytics.series.map((point) => point.stamps));
  const bars = analytics.series
    .map(
      (point) =>
        `<div title="${escapeHtml(point.bucket)}: ${point.stamps}" style="flex:1;margin:0 1px;background:#c2410c;height:${Math.round((point.stamps / max) * 100)}%"></div>`,
    )
    .join('');
  const tables = analyticsTables(analytics)
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
<h2>Stamps issued</h2><div class="chart" role="img" aria-label="Stamps issued per period">${bars}</div>
${tables}
</body></html>`;
}
