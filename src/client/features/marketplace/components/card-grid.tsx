import type { ReactNode } from 'react';
import type { CardPage } from '@shared/marketplace/marketplace';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useInteractive } from '@client/lib/use-browser-value';
import { usePublicCards, type CardListingFilter } from '@client/features/marketplace/api/list-public-cards';
import { MarketplaceCardTile, type MarketplaceCardTileProps } from './marketplace-card-tile';
import { useTranslation } from '@client/lib/translation';
import '@client/features/marketplace/marketplace-texts';

interface CardGridProps extends Pick<MarketplaceCardTileProps, 'badge' | 'joinLabel' | 'showVendor'> {
  filter: CardListingFilter;
  /** Shown when the listing has no card at all. */
  empty: ReactNode;
  /** Text above the grid once the first page is in, such as a vendor count. */
  summary?: (firstPage: CardPage) => ReactNode;
  /** Told about the loaded cards, e.g. to drive a page-wide countdown. */
  children?: (cards: CardPage['cards']) => ReactNode;
  /** Two columns at most, for a grid beside a sidebar. */
  narrow?: boolean;
  /** Shown on each tile below its join button (the card's Share). */
  cardAction?: (card: CardPage['cards'][number]) => ReactNode;
}

/** A paged grid of marketplace cards with "Show more" (pages come from the server). */
export function CardGrid({
  filter,
  empty,
  summary,
  children,
  narrow = false,
  cardAction,
  ...tileProps
}: CardGridProps) {
  const query = usePublicCards(filter);
  const { t } = useTranslation('marketplace');
  // Show more fetches with the script: disabled until the page is interactive (decision 059).
  const interactive = useInteractive();

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner size="lg" label={t('marketplace:listing.loading')} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Banner
        tone="error"
        title={t('marketplace:listing.loadFailed')}
        action={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('marketplace:listing.tryAgain')}
          </Button>
        }
      >
        {query.error.message}
      </Banner>
    );
  }

  const cards = query.data.pages.flatMap((page) => page.cards);
  const firstPage = query.data.pages[0];
  if (cards.length === 0) return <>{empty}</>;

  return (
    <div className="flex flex-col gap-6">
      {children?.(cards)}
      {summary && firstPage ? <p className="text-sm font-medium text-stone-700">{summary(firstPage)}</p> : null}
      <ul className={narrow ? 'grid gap-5 sm:grid-cols-2' : 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3'}>
        {cards.map((card) => (
          <li key={card.id} className="flex [&>article]:w-full">
            <MarketplaceCardTile card={card} action={cardAction?.(card)} {...tileProps} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            busy={query.isFetchingNextPage}
            disabled={!interactive}
            onClick={() => void query.fetchNextPage()}
          >
            {t('marketplace:listing.showMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
