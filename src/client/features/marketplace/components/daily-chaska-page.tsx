import { Flame, Timer } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicCard } from '@shared/marketplace/marketplace';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { cardShareAction } from '@client/components/share-bar';
import { CardListingPage } from './card-listing-page';
import { formatCountdown, useCountdown } from './use-countdown';
import { useTranslation } from '@client/lib/translation';
import '@client/features/marketplace/marketplace-texts';

/** The page-wide countdown: to the end of the soonest deal on the page (ISO times sort as text). */
function DealsCountdown({ cards }: { cards: PublicCard[] }) {
  const soonest = cards
    .map((card) => card.dealEndsAt)
    .filter((endsAt): endsAt is string => endsAt !== null)
    .sort()[0];
  const remainingMs = useCountdown(soonest ?? null);
  const { t } = useTranslation('marketplace');
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-gradient-to-r from-red-700 to-brand-700 p-4 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <p className="flex items-center gap-2 font-semibold">
        <Flame aria-hidden="true" className="size-5 shrink-0 text-amber-200" />
        {t('marketplace:daily.limitedStock')}
      </p>
      {remainingMs ? (
        <p className="flex items-center gap-2 text-sm font-medium text-white/90">
          <Timer aria-hidden="true" className="size-5 shrink-0" />
          {t('marketplace:daily.nextDealEnds')}
          <span className="rounded-lg bg-white/15 px-2 py-1 font-mono text-lg font-bold text-white tabular-nums">
            {formatCountdown(remainingMs, t)}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** SPEC.md: daily_chaska cards with the DAILY SPECIAL badge, price, stock, countdown and Claim Now. */
export function DailyChaskaPage() {
  const { t } = useTranslation('marketplace');
  return (
    <CardListingPage
      cardAction={cardShareAction}
      title={t('marketplace:daily.title')}
      description={t('marketplace:daily.description')}
      filter={{ type: 'daily_chaska' }}
      badge={t('marketplace:daily.badge')}
      empty={
        <EmptyState
          icon={<Flame />}
          title={t('marketplace:daily.emptyTitle')}
          text={t('marketplace:daily.emptyText')}
          action={
            <Button asChild>
              <Link to="/">{t('marketplace:daily.backHome')}</Link>
            </Button>
          }
        />
      }
    >
      {(cards) => <DealsCountdown cards={cards} />}
    </CardListingPage>
  );
}
