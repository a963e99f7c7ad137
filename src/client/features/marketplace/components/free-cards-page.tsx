import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { cardShareAction } from '@client/components/share-bar';
import { CardListingPage } from './card-listing-page';
import { useTranslation } from '@client/lib/translation';
import '@client/features/marketplace/marketplace-texts';

/** SPEC.md: free cards with 0/N progress and Start Collecting - FREE. */
export function FreeCardsPage() {
  const { t } = useTranslation('marketplace');
  return (
    <CardListingPage
      cardAction={cardShareAction}
      title={t('marketplace:free.title')}
      description={t('marketplace:free.description')}
      filter={{ type: 'free' }}
      empty={
        <EmptyState
          icon={<Ticket />}
          title={t('marketplace:free.emptyTitle')}
          text={t('marketplace:free.emptyText')}
          action={
            <Button asChild>
              <Link to="/vendor-clubs">{t('marketplace:free.browseClubs')}</Link>
            </Button>
          }
        />
      }
    />
  );
}
