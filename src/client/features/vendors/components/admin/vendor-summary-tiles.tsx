import { Banknote, BadgeCheck, Clock, Store } from 'lucide-react';
import { formatPKR } from '@shared/number-format';
import { formatNumber } from '@shared/number-format';
import { StatTile } from '@client/components/ui/stat-tile';
import { useVendorSummary } from '@client/features/vendors/api/get-vendor-summary';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** Total Vendors, Pending Applications, Active Vendors, Monthly Revenue (SPEC.md's four tiles). */
export function VendorSummaryTiles() {
  const { t } = useTranslation('admin');
  const summary = useVendorSummary();
  const data = summary.data;
  const show = (value: number | undefined, format: (value: number) => string = (value) => formatNumber(value)) =>
    summary.isPending ? '…' : value === undefined ? '—' : format(value);
  return (
    <section
      aria-label={t('admin:summary.label')}
      className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4"
    >
      <StatTile label={t('admin:stats.totalVendors')} value={show(data?.totalVendors)} icon={<Store />} />
      <StatTile label={t('admin:summary.pending')} value={show(data?.pendingApplications)} icon={<Clock />} />
      <StatTile label={t('admin:summary.active')} value={show(data?.activeVendors)} icon={<BadgeCheck />} />
      <StatTile
        label={t('admin:stats.monthlyRevenue')}
        value={show(data?.monthlyRevenue, formatPKR)}
        hint={t('admin:stats.subscriptionsThisMonth')}
        icon={<Banknote />}
      />
    </section>
  );
}
