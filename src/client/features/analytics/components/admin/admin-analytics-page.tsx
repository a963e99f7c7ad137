import { Banknote, Gift, Stamp, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_ANALYTICS_RANGES, type AdminAnalyticsRange, type BreakdownRow } from '@shared/analytics/admin-analytics';
import { formatPKR } from '@shared/number-format';
import { formatNumber } from '@shared/number-format';
import { formatDateKey, formatLongDate } from '@shared/pakistan-time';
import { Card } from '@client/components/ui/card';
import { FormField, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { StatTile } from '@client/components/ui/stat-tile';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { usePlatformAnalytics } from '@client/features/analytics/api/get-platform-analytics';
import { BarsChart, TrendChart } from './lazy-analytics-charts';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

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

export function AdminAnalyticsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:analytics.title'));
  const [range, setRange] = useState<AdminAnalyticsRange>('30');
  const analytics = usePlatformAnalytics(range);
  const data = analytics.data;
  const daily = (data?.daily ?? []).map((point) => ({ ...point, label: formatDateKey(point.date) }));
  const activeCities = (data?.byCity ?? []).filter((row) => row.vendors + row.stamps + row.revenue > 0);
  const activeCategories = (data?.byCategory ?? []).filter((row) => row.vendors + row.stamps + row.revenue > 0);

  return (
    <>
      <PageHeader
        title={t('admin:analytics.title')}
        description={t('admin:analytics.description')}
        actions={
          <FormField label={t('admin:analytics.period')}>
            <Select value={range} onChange={(event) => setRange(event.target.value as AdminAnalyticsRange)}>
              {ADMIN_ANALYTICS_RANGES.map((days) => (
                <option key={days} value={days}>
                  {t('admin:analytics.lastDays', { days })}
                </option>
              ))}
            </Select>
          </FormField>
        }
      />
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
            title={t('admin:analytics.perDay')}
            description={t('admin:analytics.fromTo', { from: formatLongDate(data.from), to: formatLongDate(data.to) })}
          >
            <TrendChart
              data={daily}
              series={[
                { key: 'signups', label: t('admin:analytics.signups'), colour: '#2563eb' },
                { key: 'stamps', label: t('admin:analytics.stamps'), colour: '#c2410c' },
                { key: 'redemptions', label: t('admin:analytics.redemptions'), colour: '#16a34a' },
              ]}
              summary={t('admin:analytics.trendSummary', {
                days: range,
                signups: data.totals.signups,
                stamps: data.totals.stamps,
                redemptions: data.totals.redemptions,
              })}
            />
          </Card>
          <Card title={t('admin:analytics.revenuePerDay')} description={t('admin:analytics.revenuePerDayText')}>
            <BarsChart
              data={daily}
              series={[{ key: 'revenue', label: t('admin:analytics.revenue'), colour: '#c2410c' }]}
              formatValue={compactPKR}
              summary={t('admin:analytics.revenueSummary', { days: range, revenue: formatPKR(data.totals.revenue) })}
            />
          </Card>
          <div className="grid gap-6">
            <Card title={t('admin:analytics.byCity')} description={t('admin:analytics.byText')} flush>
              <div className="px-4 pb-4 sm:px-6">
                <BarsChart
                  data={activeCities.map((row) => ({ label: row.label, stamps: row.stamps, vendors: row.vendors }))}
                  series={[
                    { key: 'vendors', label: 'Vendors', colour: '#78716c' },
                    { key: 'stamps', label: 'Stamps', colour: '#c2410c' },
                  ]}
                  summary={t('admin:analytics.cityStamps', {
                    list: listOf(activeCities) || t('admin:analytics.none'),
                  })}
                  height={220}
                />
              </div>
              <div className="border-t border-stone-200">
                <BreakdownTable label={t('admin:analytics.city')} rows={data.byCity} />
              </div>
            </Card>
            <Card title={t('admin:analytics.byCategory')} description={t('admin:analytics.byText')} flush>
              <div className="px-4 pb-4 sm:px-6">
                <BarsChart
                  data={activeCategories.map((row) => ({ label: row.label, stamps: row.stamps, vendors: row.vendors }))}
                  series={[
                    { key: 'vendors', label: 'Vendors', colour: '#78716c' },
                    { key: 'stamps', label: 'Stamps', colour: '#c2410c' },
                  ]}
                  summary={t('admin:analytics.categoryStamps', {
                    list: listOf(activeCategories) || t('admin:analytics.none'),
                  })}
                  height={220}
                />
              </div>
              <div className="border-t border-stone-200">
                <BreakdownTable label={t('admin:analytics.category')} rows={data.byCategory} />
              </div>
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
