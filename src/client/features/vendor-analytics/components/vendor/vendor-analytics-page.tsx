import { Download, FileText, Printer } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_FEATURES,
  ANALYTICS_RANGES,
  ANALYTICS_RANGE_LABELS,
  formatBucket,
  type AnalyticsRange,
} from '@shared/vendor-analytics';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { StatTile } from '@client/components/ui/stat-tile';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { downloadFile } from '@client/lib/download-file';
import { analyticsQueryString, useVendorAnalytics } from '@client/features/vendor-analytics/api/get-vendor-analytics';
import { useVendorCards } from '@client/features/cards/api/get-vendor-cards';
import {
  CardPerformanceTable,
  LockedSection,
  PartnerShareTable,
  PeakHoursList,
  TopCustomersList,
} from './analytics-sections';
import {
  ApprovedVendorGuard,
  CenteredSpinner,
} from '@client/features/vendor-applications/components/vendor/approved-vendor-guard';
import { CountChart } from '@client/components/charts/count-chart';

function isRange(value: string | null): value is AnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value ?? '');
}

function AnalyticsContent({ isOwner }: { isOwner: boolean }) {
  const [params, setParams] = useSearchParams();
  const range: AnalyticsRange = isRange(params.get('range')) ? (params.get('range') as AnalyticsRange) : '30d';
  const cardId = params.get('card');
  const analytics = useVendorAnalytics(range, cardId);
  const cards = useVendorCards();
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const update = (key: 'range' | 'card', value: string) =>
    setParams(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  async function exportAs(kind: 'csv' | 'pdf') {
    setExporting(kind);
    setExportError(null);
    try {
      await downloadFile(
        `/api/vendor/analytics/export.${kind}?${analyticsQueryString(range, cardId)}`,
        `chaska-analytics.${kind}`,
      );
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setExporting(null);
    }
  }

  if (analytics.isPending) return <CenteredSpinner />;
  if (analytics.isError && !analytics.data) {
    return (
      <Banner
        tone="error"
        title="Analytics could not load"
        action={
          <Button size="sm" variant="outline" onClick={() => update('range', '30d')}>
            Show 30 days
          </Button>
        }
      >
        {analytics.error.message}
      </Banner>
    );
  }
  const data = analytics.data!;
  const features = ANALYTICS_FEATURES[data.level];
  const count = (value: number) => value.toLocaleString('en-PK');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm lg:flex-row lg:items-end lg:justify-between">
        <div className="grid gap-3 sm:grid-cols-2 lg:flex">
          <FormField label="Range" className="lg:w-44">
            <Select value={range} onChange={(event) => update('range', event.target.value)}>
              {ANALYTICS_RANGES.map((option) => (
                <option key={option} value={option} disabled={!features.ranges.includes(option)}>
                  {ANALYTICS_RANGE_LABELS[option]}
                  {features.ranges.includes(option) ? '' : ' (upgrade)'}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Card" className="lg:w-60">
            <Select value={cardId ?? ''} onChange={(event) => update('card', event.target.value)}>
              <option value="">All cards</option>
              {(cards.data?.cards ?? []).map((card) => (
                <option key={card.id} value={card.id}>
                  {card.name}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!features.csv}
            busy={exporting === 'csv'}
            onClick={() => void exportAs('csv')}
          >
            <Download aria-hidden="true" /> CSV
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!features.pdf}
            busy={exporting === 'pdf'}
            onClick={() => void exportAs('pdf')}
          >
            <FileText aria-hidden="true" /> PDF
          </Button>
          {features.report ? (
            <Button asChild size="sm">
              <a
                href={`/api/vendor/analytics/report?${analyticsQueryString(range, cardId)}`}
                target="_blank"
                rel="noopener"
              >
                <Printer aria-hidden="true" /> Generate Report
              </a>
            </Button>
          ) : (
            <Button size="sm" disabled>
              <Printer aria-hidden="true" /> Generate Report
            </Button>
          )}
        </div>
      </div>
      {!features.csv || !features.pdf ? (
        <p className="-mt-3 text-sm text-stone-600">
          {!features.csv
            ? 'CSV export comes with the Standard plan; PDF and reports with Premium.'
            : 'PDF export and reports come with the Premium plan.'}
        </p>
      ) : null}
      {exportError ? <Banner tone="error">{exportError}</Banner> : null}
      {data.card ? <Banner tone="info">Showing {data.card.name} only.</Banner> : null}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Total Stamps Issued" value={count(data.tiles.stampsIssued)} />
        <StatTile
          label="Rewards Redeemed"
          value={count(data.tiles.rewardsRedeemed)}
          hint={data.tiles.rewardsExpired > 0 ? `${count(data.tiles.rewardsExpired)} expired unredeemed` : undefined}
        />
        <StatTile label="Active Users" value={count(data.tiles.activeUsers)} hint="Collected a stamp in this period" />
        <StatTile
          label="Completion Rate"
          value={`${data.tiles.completionRate}%`}
          hint="Of active users, earned a reward"
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <Card
          title="Stamps and redemptions"
          description={`${formatBucket(data.from, 'day')} – ${formatBucket(data.to, 'day')}, per ${data.bucket}.`}
        >
          <CountChart
            data={data.series.map((point) => ({
              label: formatBucket(point.bucket, data.bucket),
              stamps: point.stamps,
              redemptions: point.redemptions,
            }))}
            series={[
              { key: 'stamps', label: 'Stamps', colour: '#c2410c' },
              { key: 'redemptions', label: 'Redemptions', colour: '#0f766e' },
            ]}
            summary={`${count(data.tiles.stampsIssued)} stamps and ${count(data.tiles.rewardsRedeemed)} redemptions in the last ${ANALYTICS_RANGE_LABELS[range]}.`}
          />
        </Card>
        {data.customerMix ? (
          <Card title="New vs returning customers" description="New: joined in that period. Returning: joined earlier.">
            <CountChart
              stacked
              data={data.customerMix.map((point) => ({
                label: formatBucket(point.bucket, data.bucket),
                new: point.newCustomers,
                returning: point.returningCustomers,
              }))}
              series={[
                { key: 'new', label: 'New', colour: '#ea580c' },
                { key: 'returning', label: 'Returning', colour: '#57534e' },
              ]}
              summary={`New customers ${count(data.customerMix.reduce((sum, point) => sum + point.newCustomers, 0))}, returning visits ${count(data.customerMix.reduce((sum, point) => sum + point.returningCustomers, 0))}.`}
            />
          </Card>
        ) : (
          <LockedSection title="New vs returning customers" plan="Standard" isOwner={isOwner} />
        )}
      </div>

      {data.partnerShares ? <PartnerShareTable shares={data.partnerShares} /> : null}

      {data.cardPerformance ? (
        <CardPerformanceTable rows={data.cardPerformance} selectedCardId={cardId} />
      ) : (
        <LockedSection title="Card Performance" plan="Standard" isOwner={isOwner} />
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        {data.topCustomers ? (
          <TopCustomersList customers={data.topCustomers} />
        ) : (
          <LockedSection title="Top Customers" plan="Premium" isOwner={isOwner} />
        )}
        {data.peakHours ? (
          <PeakHoursList bands={data.peakHours} />
        ) : (
          <LockedSection title="Peak Hours" plan="Premium" isOwner={isOwner} />
        )}
      </div>
    </div>
  );
}

export function VendorAnalyticsPage() {
  useDocumentTitle('Analytics');
  return (
    <>
      <PageHeader title="Analytics" description="Stamps, rewards and customer activity over time." />
      <ApprovedVendorGuard>
        {(member) => <AnalyticsContent isOwner={member.membership.role === 'owner'} />}
      </ApprovedVendorGuard>
    </>
  );
}
