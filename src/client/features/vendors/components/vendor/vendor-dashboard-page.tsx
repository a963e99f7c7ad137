import { useState } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_RANGES, DASHBOARD_RANGE_LABELS, formatBucket, type DashboardRange } from '@shared/vendor-analytics';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { StatTile } from '@client/components/ui/stat-tile';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useVendorDashboard } from '@client/features/vendors/api/get-vendor-dashboard';
import {
  ApprovedVendorGuard,
  CenteredSpinner,
} from '@client/features/vendor-applications/components/vendor/approved-vendor-guard';
import { QuickActions, RecentActivity, TopCards } from './dashboard-panels';
import { PlanBanner, PlanLimitBanner } from './plan-banners';
import { CountChart } from '@client/components/charts/count-chart';
import { TodayDealPanel } from '@client/features/share/components/vendor/today-deal-panel';
import { VendorRatingsPanel } from '@client/features/feedback/components/vendor-ratings-panel';

const count = (value: number) => value.toLocaleString('en-PK');

function DashboardContent({ isOwner }: { isOwner: boolean }) {
  const [range, setRange] = useState<DashboardRange>('7d');
  const dashboard = useVendorDashboard(range);
  if (dashboard.isPending) return <CenteredSpinner />;
  if (dashboard.isError) {
    return (
      <Banner
        tone="error"
        title="The dashboard could not load"
        action={
          <Button size="sm" variant="outline" onClick={() => void dashboard.refetch()}>
            Try again
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
          title="This vendor account is closed"
          action={
            <Button asChild size="sm" variant="outline">
              <Link to="/support">Contact Support</Link>
            </Button>
          }
        >
          Your business no longer shows to customers and cannot issue stamps. Your data is kept; contact support to
          reopen.
        </Banner>
      ) : null}
      <PlanLimitBanner reasons={data.limitReasons} isOwner={isOwner} />
      <PlanBanner plan={data.plan} isOwner={isOwner} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Active Cards" value={count(data.tiles.activeCards)} />
        <StatTile label="Total Users" value={count(data.tiles.totalUsers)} />
        <StatTile label="Stamps Issued" value={count(data.tiles.stampsIssued)} />
        <StatTile label="Rewards Redeemed" value={count(data.tiles.rewardsRedeemed)} />
      </div>
      <QuickActions isOwner={isOwner} />
      <TodayDealPanel />
      <Card
        title="Stamps per day"
        description={`${count(total)} stamps in the ${DASHBOARD_RANGE_LABELS[range].toLowerCase()} (Pakistan time).`}
        actions={
          <FormField label="Range" className="w-44">
            <Select value={range} onChange={(event) => setRange(event.target.value as DashboardRange)}>
              {DASHBOARD_RANGES.map((option) => (
                <option key={option} value={option}>
                  {DASHBOARD_RANGE_LABELS[option]}
                </option>
              ))}
            </Select>
          </FormField>
        }
      >
        <CountChart
          data={data.chart.points.map((point) => ({ label: formatBucket(point.bucket, 'day'), stamps: point.stamps }))}
          series={[{ key: 'stamps', label: 'Stamps', colour: '#c2410c' }]}
          summary={`Stamps per day, ${DASHBOARD_RANGE_LABELS[range].toLowerCase()}: ${count(total)} in total.`}
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
  useDocumentTitle('Vendor Dashboard');
  return (
    <>
      <PageHeader title="Vendor Dashboard" description="An overview of your cards, customers and stamps." />
      {/* A pending or rejected applicant sees the application's status instead (ApprovedVendorGuard). */}
      <ApprovedVendorGuard>
        {(member) => <DashboardContent isOwner={member.membership.role === 'owner'} />}
      </ApprovedVendorGuard>
    </>
  );
}
