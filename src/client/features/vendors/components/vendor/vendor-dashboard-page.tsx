import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { formatNumber } from '@shared/number-format';
import {
  DASHBOARD_RANGES,
  DASHBOARD_RANGE_INLINE_KEYS,
  DASHBOARD_RANGE_KEYS,
  formatBucket,
  type DashboardRange,
} from '@shared/analytics/vendor-analytics';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { StatTile } from '@client/components/ui/stat-tile';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useVendorDashboard } from '@client/features/vendors/api/get-vendor-dashboard';
import { useChoosableBranches } from '@client/components/vendor-area/use-vendor-branches';
import { AllOrOneSelect } from '@client/components/all-or-one-select';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { QuickActions, RecentActivity, TopCards } from './dashboard-panels';
import { PlanBanner, PlanLimitBanner } from './plan-banners';
import { CountChart } from '@client/components/charts/count-chart';
import { TodayDealPanel } from '@client/features/marketplace/components/vendor/today-deal-panel';
import { VendorRatingsPanel } from '@client/features/vendors/components/vendor-ratings-panel';
import { FraudAlertsPanel } from '@client/features/stamps/components/vendor/fraud-alerts-panel';

const count = (value: number) => formatNumber(value);

function DashboardContent({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const [range, setRange] = useState<DashboardRange>('7d');
  // A chain's figures for the whole business or one branch (decision 089).
  const branches = useChoosableBranches();
  const [branchId, setBranchId] = useState('');
  const dashboard = useVendorDashboard(range, branchId || null);
  if (dashboard.isPending) return <CenteredSpinner />;
  if (dashboard.isError) {
    return (
      <Banner
        tone="error"
        title={t('vendor:dashboard.loadFailed')}
        action={
          <Button size="sm" variant="outline" onClick={() => void dashboard.refetch()}>
            {t('vendor:tryAgain')}
          </Button>
        }
      >
        {dashboard.error.message}
      </Banner>
    );
  }
  const data = dashboard.data;
  const total = data.chart.points.reduce((sum, point) => sum + point.stamps, 0);
  return (
    <div className="flex flex-col gap-6">
      {data.vendor.closedAt ? (
        <Banner
          tone="error"
          role="status"
          title={t('vendor:dashboard.closedTitle')}
          action={
            <Button asChild size="sm" variant="outline">
              <Link to="/support">{t('vendor:dashboard.contactSupport')}</Link>
            </Button>
          }
        >
          {t('vendor:dashboard.closedText')}
        </Banner>
      ) : null}
      <PlanLimitBanner reasons={data.limitReasons} isOwner={isOwner} />
      <PlanBanner plan={data.plan} isOwner={isOwner} />
      {branches.length > 1 ? (
        <AllOrOneSelect
          label={t('vendor:dashboard.branch')}
          allLabel={t('vendor:dashboard.allBranches')}
          items={branches}
          value={branchId}
          onChange={setBranchId}
          className="sm:w-72"
        />
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label={t('vendor:dashboard.activeCards')} value={count(data.tiles.activeCards)} />
        <StatTile label={t('vendor:dashboard.totalUsers')} value={count(data.tiles.totalUsers)} />
        <StatTile label={t('vendor:dashboard.stampsIssued')} value={count(data.tiles.stampsIssued)} />
        <StatTile label={t('vendor:dashboard.rewardsRedeemed')} value={count(data.tiles.rewardsRedeemed)} />
      </div>
      {isOwner ? <FraudAlertsPanel /> : null}
      <QuickActions isOwner={isOwner} />
      <TodayDealPanel />
      <Card
        title={t('vendor:dashboard.chartTitle')}
        description={t('vendor:dashboard.chartDescription', {
          count: total,
          range: t(DASHBOARD_RANGE_INLINE_KEYS[range]),
        })}
        actions={
          <FormField label={t('vendor:dashboard.range')} className="w-44">
            <Select value={range} onChange={(event) => setRange(event.target.value as DashboardRange)}>
              {DASHBOARD_RANGES.map((option) => (
                <option key={option} value={option}>
                  {t(DASHBOARD_RANGE_KEYS[option])}
                </option>
              ))}
            </Select>
          </FormField>
        }
      >
        <CountChart
          data={data.chart.points.map((point) => ({ label: formatBucket(point.bucket, 'day'), stamps: point.stamps }))}
          series={[{ key: 'stamps', label: t('vendor:dashboard.series'), colour: '#c2410c' }]}
          summary={t('vendor:dashboard.chartSummary', {
            range: t(DASHBOARD_RANGE_INLINE_KEYS[range]),
            total: count(total),
          })}
        />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity items={data.recentActivity} />
        <TopCards cards={data.topCards} />
      </div>
      <VendorRatingsPanel />
    </div>
  );
}

export function VendorDashboardPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:dashboard.title'));
  return (
    <>
      <PageHeader title={t('vendor:dashboard.title')} description={t('vendor:dashboard.description')} />
      {/* A pending or rejected applicant sees the application's status instead (ApprovedVendorGuard). */}
      <ApprovedVendorGuard>
        {(member) => <DashboardContent isOwner={member.membership.role === 'owner'} />}
      </ApprovedVendorGuard>
    </>
  );
}
