import type { CustomerDashboard } from '@shared/customer';
import { formatPKR } from '@shared/money';
import { StatTile } from '@client/components/ui/stat-tile';

/** SPEC.md's four numbers: activeCards, totalStamps, rewardsEarned, valueSaved (PKR). */
export function StatsPanel({ stats }: { stats: CustomerDashboard['stats'] }) {
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Your stats
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Active Cards" value={stats.activeCards} />
        <StatTile label="Total Stamps" value={stats.totalStamps} />
        <StatTile label="Rewards Earned" value={stats.rewardsEarned} />
        <StatTile
          label="Value Saved"
          value={formatPKR(stats.valueSaved)}
          hint={stats.valueSaved > 0 ? `Worth of your rewards; ${formatPKR(stats.valueRedeemed)} redeemed so far` : "Worth of the rewards you earn"}
        />
      </div>
    </section>
  );
}
