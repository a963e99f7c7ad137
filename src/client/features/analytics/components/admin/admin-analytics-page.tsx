import { Banknote, Download, FileText, Gift, Stamp, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BreakdownRow } from '@shared/analytics/admin-analytics';
import { ANALYTICS_RANGES, formatBucket, type AnalyticsRange } from '@shared/analytics/vendor-analytics';
import { formatPKR } from '@shared/number-format';
import { formatNumber } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { StatTile } from '@client/components/ui/stat-tile';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { downloadFile } from '@client/lib/download-file';
import { usePlatformAnalytics } from '@client/features/analytics/api/get-platform-analytics';
import { BarsChart, TrendChart } from './lazy-analytics-charts';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const RANGE_KEYS: Record<AnalyticsRange, string> = {
  '7d': 'admin:analytics.range.7d',
  '30d': 'admin:analytics.range.30d',
  '3m': 'admin:analytics.range.3m',
  '6m': 'admin:analytics.range.6m',
  '1y': 'admin:analytics.range.1y',
};
const PERIOD_KEYS = {
  day: 'admin:analytics.periodOf.day',
  week: 'admin:analytics.periodOf.week',
  month: 'admin:analytics.periodOf.month',
} as const;

function isRange(value: string | null): value is AnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value ?? '');
}

const compactPKR = (value: number) => (value >= 1000 ? `${formatNumber(Math.round(value / 1000))}k` : String(value));

/** "Lahore 12, Karachi 3": each row's name and stamps, for a chart's text alternative. */
function listOf(rows: BreakdownRow[]): string {
  return rows.map((row) => `${row.label} ${row.stamps}`).join(', ');
}

function BreakdownTable({ label, rows }: { label: string; rows: BreakdownRow[] }) {
  const { t } = useTranslation('admin');
  return (
    <Table label={label}>
      <TableColumns
        columns={[
          label,
          t('admin:analytics.vendors'),
          t('admin:analytics.stamps'),
          t('admin:analytics.redemptions'),
          t('admin:analytics.revenue'),
        ]}
      />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell className="font-medium text-stone-900">{row.label}</TableCell>
            <TableCell className="tabular-nums">{row.vendors}</TableCell>
            <TableCell className="tabular-nums">{formatNumber(row.stamps)}</TableCell>
            <TableCell className="tabular-nums">{formatNumber(row.redemptions)}</TableCell>
            <TableCell className="tabular-nums">{formatPKR(row.revenue)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Vendors and stamps per city or category: the chart of the rows with any activity, and the
 * table of every row.
 */
function BreakdownCard({
  title,
  label,
  rows,
  summary,
}: {
  title: string;
  label: string;
  rows: BreakdownRow[];
  summary: (list: string) => string;
}) {
  const { t } = useTranslation('admin');
  const active = rows.filter((row) => row.vendors + row.stamps + row.revenue > 0);
  return (
    <Card title={title} description={t('admin:analytics.byText')} flush>
      <div className="px-4 pb-4 sm:px-6">
        <BarsChart
          data={active.map((row) => ({ label: row.label, stamps: row.stamps, vendors: row.vendors }))}
          series={[
            { key: 'vendors', label: t('admin:analytics.vendors'), colour: '#78716c' },
            { key: 'stamps', label: t('admin:analytics.stamps'), colour: '#c2410c' },
          ]}
          summary={summary(listOf(active) || t('admin:analytics.none'))}
          height={220}
        />
      </div>
      <div className="border-t border-stone-200">
        <BreakdownTable label={label} rows={rows} />
      </div>
    </Card>
  );
}

export function AdminAnalyticsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:analytics.title'));
  const [params, setParams] = useSearchParams();
  const range: AnalyticsRange = isRange(params.get('range')) ? (params.get('range') as AnalyticsRange) : '30d';
  const analytics = usePlatformAnalytics(range);
  const data = analytics.data;
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const series = data ? data.series.map((point) => ({ ...point, label: formatBucket(point.bucket, data.bucket) })) : [];
  const rangeText = t(RANGE_KEYS[range]);

  async function exportAs(kind: 'csv' | 'pdf') {
    setExporting(kind);
    setExportError(null);
    try {
      await downloadFile(`/api/admin/analytics/export.${kind}?range=${range}`, `chaska-platform-analytics.${kind}`);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : t('admin:analytics.exportFailed'));
    } finally {
      setExporting(null);
    }
  }

  return (
    <>
      <PageHeader
        title={t('admin:analytics.title')}
        description={t('admin:analytics.description')}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <FormField label={t('admin:analytics.period')}>
              <Select
                value={range}
                onChange={(event) =>
                  setParams(
                    (next) => {
                      next.set('range', event.target.value);
                      return next;
                    },
                    { replace: true },
                  )
                }
              >
                {ANALYTICS_RANGES.map((option) => (
                  <option key={option} value={option}>
                    {t(RANGE_KEYS[option])}
                  </option>
                ))}
              </Select>
            </FormField>
            <Button variant="outline" busy={exporting === 'csv'} onClick={() => void exportAs('csv')}>
              <Download aria-hidden="true" /> {t('admin:analytics.csv')}
            </Button>
            <Button variant="outline" busy={exporting === 'pdf'} onClick={() => void exportAs('pdf')}>
              <FileText aria-hidden="true" /> {t('admin:analytics.pdf')}
            </Button>
          </div>
        }
      />
      {exportError ? <Banner tone="error">{exportError}</Banner> : null}
      {analytics.isPending ? (
        <div className="flex justify-center p-10 text-brand-700">
          <Spinner label={t('admin:analytics.loading')} size="lg" />
        </div>
      ) : analytics.isError || !data ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin:analytics.error')}
        </p>
      ) : (
        <div className="flex flex-col gap-6" aria-busy={analytics.isFetching}>
          <section
            aria-label={t('admin:analytics.totals')}
            className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4"
          >
            <StatTile
              label={t('admin:analytics.signups')}
              value={formatNumber(data.totals.signups)}
              icon={<UserPlus />}
            />
            <StatTile label={t('admin:analytics.stamps')} value={formatNumber(data.totals.stamps)} icon={<Stamp />} />
            <StatTile
              label={t('admin:analytics.redemptions')}
              value={formatNumber(data.totals.redemptions)}
              icon={<Gift />}
            />
            <StatTile
              label={t('admin:analytics.revenue')}
              value={formatPKR(data.totals.revenue)}
              hint={t('admin:analytics.payments')}
              icon={<Banknote />}
            />
          </section>
          <Card
            title={t('admin:analytics.overTime')}
            description={t(PERIOD_KEYS[data.bucket], { from: formatLongDate(data.from), to: formatLongDate(data.to) })}
          >
            <TrendChart
              data={series}
              series={[
                { key: 'signups', label: t('admin:analytics.signups'), colour: '#2563eb' },
                { key: 'stamps', label: t('admin:analytics.stamps'), colour: '#c2410c' },
                { key: 'redemptions', label: t('admin:analytics.redemptions'), colour: '#16a34a' },
              ]}
              summary={t('admin:analytics.trendSummary', {
                range: rangeText,
                signups: data.totals.signups,
                stamps: data.totals.stamps,
                redemptions: data.totals.redemptions,
              })}
            />
          </Card>
          <Card title={t('admin:analytics.revenueOverTime')} description={t('admin:analytics.revenuePerDayText')}>
            <BarsChart
              data={series}
              series={[{ key: 'revenue', label: t('admin:analytics.revenue'), colour: '#c2410c' }]}
              formatValue={compactPKR}
              summary={t('admin:analytics.revenueSummary', {
                range: rangeText,
                revenue: formatPKR(data.totals.revenue),
              })}
            />
          </Card>
          <div className="grid gap-6">
            <BreakdownCard
              title={t('admin:analytics.byCity')}
              label={t('admin:analytics.city')}
              rows={data.byCity}
              summary={(list) => t('admin:analytics.cityStamps', { list })}
            />
            <BreakdownCard
              title={t('admin:analytics.byCategory')}
              label={t('admin:analytics.category')}
              rows={data.byCategory}
              summary={(list) => t('admin:analytics.categoryStamps', { list })}
            />
          </div>
        </div>
      )}
    </>
  );
}
