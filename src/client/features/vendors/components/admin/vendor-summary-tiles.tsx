import { Banknote, BadgeCheck, Clock, Store } from 'lucide-react';
import { formatPKR } from '@shared/money';
import { StatTile } from '@client/components/ui/stat-tile';
import { useVendorSummary } from '@client/features/vendors/api/get-vendor-summary';

/** Total Vendors, Pending Applications, Active Vendors, Monthly Revenue (SPEC.md's four tiles). */
export function VendorSummaryTiles() {
  const summary = useVendorSummary();
  const data = summary.data;
  const show = (
    value: number | undefined,
    format: (value: number) => string = (value) => value.toLocaleString('en-PK'),
  ) => (summary.isPending ? '…' : value === undefined ? '—' : format(value));
  return (
    <section aria-label="Vendor figures" className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
      <StatTile label="Total Vendors" value={show(data?.totalVendors)} icon={<Store />} />
      <StatTile label="Pending Applications" value={show(data?.pendingApplications)} icon={<Clock />} />
      <StatTile label="Active Vendors" value={show(data?.activeVendors)} icon={<BadgeCheck />} />
      <StatTile
        label="Monthly Revenue"
        value={show(data?.monthlyRevenue, formatPKR)}
        hint="Subscriptions this month"
        icon={<Banknote />}
      />
    </section>
  );
}
