import type { CustomerDashboard } from '@shared/customers/customer';
import { formatPKR } from '@shared/number-format';
import { StatTile } from '@client/components/ui/stat-tile';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/customer-texts';

/** SPEC.md's four numbers: activeCards, totalStamps, rewardsEarned, valueSaved (PKR). */
export function StatsPanel({ stats }: { stats: CustomerDashboard['stats'] }) {
  const { t } = useTranslation('customer');
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        {t('customer:stats.heading')}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label={t('customer:stats.activeCards')} value={stats.activeCards} />
        <StatTile label={t('customer:stats.totalStamps')} value={stats.totalStamps} />
        <StatTile label={t('customer:stats.rewardsEarned')} value={stats.rewardsEarned} />
        <StatTile
          label={t('customer:stats.valueSaved')}
          value={formatPKR(stats.valueSaved)}
          hint={
            stats.valueSaved > 0
              ? t('customer:stats.valueSavedHint', { redeemed: formatPKR(stats.valueRedeemed) })
              : t('customer:stats.valueSavedEmptyHint')
          }
        />
      </div>
    </section>
  );
}
