import { Download, FileText, Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { formatNumber } from '@shared/number-format';
import { formatDateKeyRange } from '@shared/pakistan-time';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_FEATURES,
  ANALYTICS_RANGES,
  formatBucket,
  type AnalyticsRange,
} from '@shared/analytics/vendor-analytics';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { StatTile } from '@client/components/ui/stat-tile';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { downloadFile } from '@client/lib/download-file';
import { analyticsQueryString, useVendorAnalytics } from '@client/features/analytics/api/get-vendor-analytics';
import { useVendorCards } from '@client/features/cards/api/get-vendor-cards';
import { useBranches } from '@client/components/vendor-area/use-vendor-branches';
import { AllOrOneSelect } from '@client/components/all-or-one-select';
import { ProgrammeHealthSection } from './programme-health-section';
import {
  CardPerformanceTable,
  LockedSection,
  PartnerShareTable,
  PeakHoursList,
  TopCustomersList,
} from './analytics-sections';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { CountChart } from '@client/components/charts/count-chart';

function isRange(value: string | null): value is AnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value ?? '');
}

const RANGE_KEYS: Record<AnalyticsRange, string> = {
  '7d': 'vendor:analyticsRange.7d',
  '30d': 'vendor:analyticsRange.30d',
  '3m': 'vendor:analyticsRange.3m',
  '6m': 'vendor:analyticsRange.6m',
  '1y': 'vendor:analyticsRange.1y',
};
const PERIOD_KEYS = {
  day: 'vendor:analytics.chartPeriod.day',
  week: 'vendor:analytics.chartPeriod.week',
  month: 'vendor:analytics.chartPeriod.month',
} as const;

function AnalyticsContent({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const [params, setParams] = useSearchParams();
  const range: AnalyticsRange = isRange(params.get('range')) ? (params.get('range') as AnalyticsRange) : '30d';
  const cardId = params.get('card');
  const analytics = useVendorAnalytics(range, cardId);
  const cards = useVendorCards();
  // The branch filter narrows programme health and the exports; it shows once the vendor has more than one branch.
  const branchId = params.get('branch');
  const exportQuery = `${analyticsQueryString(range, cardId)}${branchId ? `&branchId=${encodeURIComponent(branchId)}` : ''}`;
  const branches = useBranches();
  const branchOptions = branches.data?.branches ?? [];
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const update = (key: 'range' | 'card' | 'branch', value: string) =>
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
      await downloadFile(`/api/vendor/analytics/export.${kind}?${exportQuery}`, `chaska-analytics.${kind}`);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : t('vendor:analytics.exportFailed'));
    } finally {
      setExporting(null);
    }
  }

  if (analytics.isPending) return <CenteredSpinner />;
  if (analytics.isError && !analytics.data) {
    return (
      <Banner
        tone="error"
        title={t('vendor:analytics.loadFailed')}
        action={
          <Button size="sm" variant="outline" onClick={() => update('range', '30d')}>
            {t('vendor:analytics.show30')}
          </Button>
        }
      >
        {analytics.error.message}
      </Banner>
    );
  }
  const data = analytics.data!;
  const features = ANALYTICS_FEATURES[data.level];
  const count = (value: number) => formatNumber(value);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm lg:flex-row lg:items-end lg:justify-between">
        <div className="grid gap-3 sm:grid-cols-2 lg:flex">
          <FormField label={t('vendor:analytics.range')} className="lg:w-44">
            <Select value={range} onChange={(event) => update('range', event.target.value)}>
              {ANALYTICS_RANGES.map((option) => (
                <option key={option} value={option} disabled={!features.ranges.includes(option)}>
                  {t(RANGE_KEYS[option])}
                  {features.ranges.includes(option) ? '' : t('vendor:analytics.upgradeOption')}
                </option>
              ))}
            </Select>
          </FormField>
          <AllOrOneSelect
            label={t('vendor:analytics.card')}
            allLabel={t('vendor:analytics.allCards')}
            items={cards.data?.cards ?? []}
            value={cardId ?? ''}
            onChange={(id) => update('card', id)}
            className="lg:w-60"
          />
          {branchOptions.length > 1 ? (
            <AllOrOneSelect
              label={t('vendor:analytics.branch')}
              allLabel={t('vendor:analytics.allBranches')}
              items={branchOptions}
              value={branchId ?? ''}
              onChange={(id) => update('branch', id)}
              className="lg:w-52"
            />
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!features.csv}
            busy={exporting === 'csv'}
            onClick={() => void exportAs('csv')}
          >
            <Download aria-hidden="true" /> {t('vendor:analytics.csv')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!features.pdf}
            busy={exporting === 'pdf'}
            onClick={() => void exportAs('pdf')}
          >
            <FileText aria-hidden="true" /> {t('vendor:analytics.pdf')}
          </Button>
          {features.report ? (
            <Button asChild size="sm">
              <a href={`/api/vendor/analytics/report?${exportQuery}`} target="_blank" rel="noopener">
                <Printer aria-hidden="true" /> {t('vendor:analytics.report')}
              </a>
            </Button>
          ) : (
            <Button size="sm" disabled>
              <Printer aria-hidden="true" /> {t('vendor:analytics.report')}
            </Button>
          )}
        </div>
      </div>
      {!features.csv || !features.pdf ? (
        <p className="-mt-3 text-sm text-stone-600">
          {!features.csv ? t('vendor:analytics.csvLocked') : t('vendor:analytics.pdfLocked')}
        </p>
      ) : null}
      {exportError ? <Banner tone="error">{exportError}</Banner> : null}
      {data.card ? <Banner tone="info">{t('vendor:analytics.showingCard', { card: data.card.name })}</Banner> : null}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          label={t('vendor:analytics.totalStamps')}
          value={count(data.tiles.stampsIssued)}
          hint={
            data.tiles.stampsReversed > 0
              ? t('vendor:analytics.reversed', { reversed: count(data.tiles.stampsReversed) })
              : undefined
          }
        />
        <StatTile
          label={t('vendor:analytics.rewardsRedeemed')}
          value={count(data.tiles.rewardsRedeemed)}
          hint={
            data.tiles.rewardsExpired > 0
              ? t('vendor:analytics.expired', { expired: count(data.tiles.rewardsExpired) })
              : undefined
          }
        />
        <StatTile
          label={t('vendor:analytics.activeUsers')}
          value={count(data.tiles.activeUsers)}
          hint={t('vendor:analytics.activeUsersHint')}
        />
        <StatTile
          label={t('vendor:analytics.completionRate')}
          value={t('vendor:analytics.completionValue', { rate: data.tiles.completionRate })}
          hint={t('vendor:analytics.completionHint')}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <Card
          title={t('vendor:analytics.chartTitle')}
          description={t(PERIOD_KEYS[data.bucket], { period: formatDateKeyRange(data.from, data.to) })}
        >
          <CountChart
            data={data.series.map((point) => ({
              label: formatBucket(point.bucket, data.bucket),
              stamps: point.stamps,
              redemptions: point.redemptions,
            }))}
            series={[
              { key: 'stamps', label: t('vendor:analytics.stamps'), colour: '#c2410c' },
              { key: 'redemptions', label: t('vendor:analytics.redemptions'), colour: '#0f766e' },
            ]}
            summary={t('vendor:analytics.chartSummary', {
              stamps: t('vendor:analytics.stampCount', { count: data.tiles.stampsIssued }),
              redemptions: t('vendor:analytics.redemptionCount', { count: data.tiles.rewardsRedeemed }),
              range: t(RANGE_KEYS[range]),
            })}
          />
        </Card>
        {data.customerMix ? (
          <Card title={t('vendor:analytics.mix')} description={t('vendor:analytics.mixText')}>
            <CountChart
              data={data.customerMix.map((point) => ({
                label: formatBucket(point.bucket, data.bucket),
                new: point.newCustomers,
                returning: point.returningCustomers,
              }))}
              series={[
                { key: 'new', label: t('vendor:analytics.new'), colour: '#ea580c' },
                { key: 'returning', label: t('vendor:analytics.returning'), colour: '#57534e' },
              ]}
              summary={t('vendor:analytics.mixSummary', {
                new: count(data.customerMixTotals?.newCustomers ?? 0),
                returning: count(data.customerMixTotals?.returningCustomers ?? 0),
              })}
            />
            <p className="mt-3 text-sm text-stone-700">
              {t('vendor:analytics.mixTotals', {
                new: count(data.customerMixTotals?.newCustomers ?? 0),
                returning: count(data.customerMixTotals?.returningCustomers ?? 0),
              })}
            </p>
          </Card>
        ) : (
          <LockedSection title={t('vendor:analytics.mix')} plan="Standard" isOwner={isOwner} />
        )}
      </div>

      <ProgrammeHealthSection range={range} cardId={cardId} branchId={branchId} isOwner={isOwner} />

      {data.partnerShares ? <PartnerShareTable shares={data.partnerShares} /> : null}

      {data.cardPerformance ? (
        <CardPerformanceTable rows={data.cardPerformance} selectedCardId={cardId} />
      ) : (
        <LockedSection title={t('vendor:analytics.cardPerformance')} plan="Standard" isOwner={isOwner} />
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        {data.topCustomers ? (
          <TopCustomersList customers={data.topCustomers} />
        ) : (
          <LockedSection title={t('vendor:analytics.topCustomers')} plan="Premium" isOwner={isOwner} />
        )}
        {data.peakHours ? (
          <PeakHoursList bands={data.peakHours} />
        ) : (
          <LockedSection title={t('vendor:analytics.peakHours')} plan="Premium" isOwner={isOwner} />
        )}
      </div>
    </div>
  );
}

export function VendorAnalyticsPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:analytics.title'));
  return (
    <>
      <PageHeader title={t('vendor:analytics.title')} description={t('vendor:analytics.description')} />
      <ApprovedVendorGuard>
        {(member) => <AnalyticsContent isOwner={member.membership.role === 'owner'} />}
      </ApprovedVendorGuard>
    </>
  );
}
