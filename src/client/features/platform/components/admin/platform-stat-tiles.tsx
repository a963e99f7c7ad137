import { formatNumber } from '@shared/number-format';
import { Banknote, Gift, Store, Users, WalletCards } from 'lucide-react';
import { formatPKR } from '@shared/number-format';
import { Banner } from '@client/components/ui/banner';
import { StatTile } from '@client/components/ui/stat-tile';
import { usePlatformStats } from '@client/features/platform/api/get-platform-stats';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const UNAVAILABLE = '—';

/**
 * SPEC.md's four platform tiles, with the value of redeemed rewards beside the revenue under its
 * own name (PRODUCT.md section 5). When the stats cannot be read SPEC.md shows a yellow box and
 * sample figures (1234 vendors and so on); PRODUCT.md forbids fake figures, so the box keeps
 * SPEC.md's words while the tiles show "—" instead of numbers nobody earned.
 */
export function PlatformStatTiles() {
  const { t } = useTranslation('admin');
  const stats = usePlatformStats();
  const data = stats.data;
  const figure = (value: number | undefined, format: (value: number) => string = (value) => formatNumber(value)) =>
    stats.isPending ? '…' : value === undefined ? UNAVAILABLE : format(value);
  return (
    <section aria-label={t('admin:stats.label')} className="flex flex-col gap-4">
      {stats.isError ? (
        <Banner tone="warning" title={t('admin:stats.unavailableTitle')}>
          {t('admin:stats.unavailableText')}
        </Banner>
      ) : null}
      <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 xl:grid-cols-4">
        <StatTile label={t('admin:stats.totalVendors')} value={figure(data?.totalVendors)} icon={<Store />} />
        <StatTile label={t('admin:stats.totalUsers')} value={figure(data?.totalUsers)} icon={<Users />} />
        <StatTile label={t('admin:stats.activeCards')} value={figure(data?.activeCards)} icon={<WalletCards />} />
        <StatTile
          label={t('admin:stats.monthlyRevenue')}
          value={figure(data?.monthlyRevenue, formatPKR)}
          hint={
            <>
              <span className="block">
                {data
                  ? t('admin:stats.subscriptionsOf', { month: data.monthLabel })
                  : t('admin:stats.subscriptionsThisMonth')}
              </span>
              <span className="mt-1 flex items-center gap-1 font-medium text-stone-700">
                <Gift aria-hidden="true" className="size-3.5 shrink-0" />
                {t('admin:stats.rewardsRedeemed', { value: figure(data?.redeemedRewardValue, formatPKR) })}
              </span>
            </>
          }
          icon={<Banknote />}
        />
      </div>
    </section>
  );
}
