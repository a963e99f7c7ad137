import { Banknote, Gift, Stamp, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_ANALYTICS_RANGES, type AdminAnalyticsRange, type BreakdownRow } from '@shared/admin-analytics';
import { formatPKR } from '@shared/money';
import { formatDateKey, formatLongDate } from '@shared/pakistan-time';
import { Card } from '@client/components/ui/card';
import { FormField, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { StatTile } from '@client/components/ui/stat-tile';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { usePlatformAnalytics } from '@client/features/admin/api/get-analytics';
import { BarsChart, TrendChart } from './lazy-analytics-charts';

const compactPKR = (value: number) =>
  value >= 1000 ? `${Math.round(value / 1000).toLocaleString('en-PK')}k` : String(value);

function BreakdownTable({ label, rows }: { label: string; rows: BreakdownRow[] }) {
  return (
    <Table label={label}>
      <TableColumns columns={[label, 'Vendors', 'Stamps', 'Redemptions', 'Revenue']} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell className="font-medium text-stone-900">{row.label}</TableCell>
            <TableCell className="tabular-nums">{row.vendors}</TableCell>
            <TableCell className="tabular-nums">{row.stamps.toLocaleString('en-PK')}</TableCell>
            <TableCell className="tabular-nums">{row.redemptions.toLocaleString('en-PK')}</TableCell>
            <TableCell className="tabular-nums">{formatPKR(row.revenue)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function AdminAnalyticsPage() {
  useDocumentTitle('Analytics & Reports');
  const [range, setRange] = useState<AdminAnalyticsRange>('30');
  const analytics = usePlatformAnalytics(range);
  const data = analytics.data;
  const daily = (data?.daily ?? []).map((point) => ({ ...point, label: formatDateKey(point.date) }));
  const activeCities = (data?.byCity ?? []).filter((row) => row.vendors + row.stamps + row.revenue > 0);
  const activeCategories = (data?.byCategory ?? []).filter((row) => row.vendors + row.stamps + row.revenue > 0);

  return (
    <>
      <PageHeader
        title="Analytics & Reports"
        description="Platform metrics and revenue."
        actions={
          <FormField label="Period">
            <Select value={range} onChange={(event) => setRange(event.target.value as AdminAnalyticsRange)}>
              {ADMIN_ANALYTICS_RANGES.map((days) => (
                <option key={days} value={days}>
                  Last {days} days
                </option>
              ))}
            </Select>
          </FormField>
        }
      />
      {analytics.isPending ? (
        <div className="flex justify-center p-10 text-brand-700">
          <Spinner label="Loading analytics" size="lg" />
        </div>
      ) : analytics.isError || !data ? (
        <p role="alert" className="text-sm text-red-700">
          The analytics could not be loaded. Please reload the page.
        </p>
      ) : (
        <div className="flex flex-col gap-6" aria-busy={analytics.isFetching}>
          <section
            aria-label="Totals for the period"
            className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4"
          >
            <StatTile label="Sign-ups" value={data.totals.signups.toLocaleString('en-PK')} icon={<UserPlus />} />
            <StatTile label="Stamps" value={data.totals.stamps.toLocaleString('en-PK')} icon={<Stamp />} />
            <StatTile label="Redemptions" value={data.totals.redemptions.toLocaleString('en-PK')} icon={<Gift />} />
            <StatTile
              label="Revenue"
              value={formatPKR(data.totals.revenue)}
              hint="Subscription payments"
              icon={<Banknote />}
            />
          </section>
          <Card
            title="Activity per day"
            description={`${formatLongDate(data.from)} to ${formatLongDate(data.to)}, Pakistan time.`}
          >
            <TrendChart
              data={daily}
              series={[
                { key: 'signups', label: 'Sign-ups', colour: '#2563eb' },
                { key: 'stamps', label: 'Stamps', colour: '#c2410c' },
                { key: 'redemptions', label: 'Redemptions', colour: '#16a34a' },
              ]}
              summary={`Over the last ${range} days: ${data.totals.signups} sign-ups, ${data.totals.stamps} stamps and ${data.totals.redemptions} redemptions.`}
            />
          </Card>
          <Card title="Revenue per day" description="Subscription payments received, in PKR.">
            <BarsChart
              data={daily}
              series={[{ key: 'revenue', label: 'Revenue', colour: '#c2410c' }]}
              formatValue={compactPKR}
              summary={`Revenue over the last ${range} days: ${formatPKR(data.totals.revenue)}.`}
            />
          </Card>
          <div className="grid gap-6">
            <Card
              title="By city"
              description="Approved vendors, and stamps, redemptions and revenue in the period."
              flush
            >
              <div className="px-4 pb-4 sm:px-6">
                <BarsChart
                  data={activeCities.map((row) => ({ label: row.label, stamps: row.stamps, vendors: row.vendors }))}
                  series={[
                    { key: 'vendors', label: 'Vendors', colour: '#78716c' },
                    { key: 'stamps', label: 'Stamps', colour: '#c2410c' },
                  ]}
                  summary={`Stamps by city: ${activeCities.map((row) => `${row.label} ${row.stamps}`).join(', ') || 'none'}.`}
                  height={220}
                />
              </div>
              <div className="border-t border-stone-200">
                <BreakdownTable label="City" rows={data.byCity} />
              </div>
            </Card>
            <Card
              title="By category"
              description="Approved vendors, and stamps, redemptions and revenue in the period."
              flush
            >
              <div className="px-4 pb-4 sm:px-6">
                <BarsChart
                  data={activeCategories.map((row) => ({ label: row.label, stamps: row.stamps, vendors: row.vendors }))}
                  series={[
                    { key: 'vendors', label: 'Vendors', colour: '#78716c' },
                    { key: 'stamps', label: 'Stamps', colour: '#c2410c' },
                  ]}
                  summary={`Stamps by category: ${activeCategories.map((row) => `${row.label} ${row.stamps}`).join(', ') || 'none'}.`}
                  height={220}
                />
              </div>
              <div className="border-t border-stone-200">
                <BreakdownTable label="Category" rows={data.byCategory} />
              </div>
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
