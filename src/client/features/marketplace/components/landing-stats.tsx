import { MapPinned, Store, WalletCards } from 'lucide-react';
import { useLandingStats } from '@client/features/marketplace/api/get-landing-stats';
import { useTranslation } from '@client/lib/translation';
import { formatNumber } from '@shared/number-format';

/** The live counts of SPEC.md's landing page ("50+ cities" is the real count, PRODUCT.md). */
export function LandingStats() {
  const stats = useLandingStats();
  const { t } = useTranslation();
  const value = (figure: number | undefined) => (figure === undefined ? '—' : formatNumber(figure));
  const items = [
    { icon: Store, label: t('landing:stats.vendors'), figure: stats.data?.approvedVendors },
    { icon: WalletCards, label: t('landing:stats.programs'), figure: stats.data?.activeCards },
    {
      icon: MapPinned,
      label: t('landing:stats.cities', { count: stats.data?.cityCount ?? 0 }),
      figure: stats.data?.cityCount,
    },
  ];
  return (
    <section aria-label={t('landing:stats.label')} className="border-y border-stone-200 bg-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-3 divide-x divide-stone-200 px-2 py-6 sm:px-6 lg:px-8">
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <div key={item.label} className="flex flex-col items-center gap-1 px-2 text-center">
              <Icon aria-hidden="true" className="size-6 text-brand-700" />
              {/* The label comes first for screen readers; the figure is shown above it. */}
              <dt className="order-3 text-xs font-medium text-stone-600 sm:text-sm">{item.label}</dt>
              <dd className="order-2 text-2xl font-extrabold text-stone-900 tabular-nums sm:text-4xl">
                {value(item.figure)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
