import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { cardShareAction } from '@client/components/share-bar';
import { CardListingPage } from './card-listing-page';
import { useTranslation } from '@client/lib/translation';
import '@client/features/marketplace/marketplace-texts';

/** SPEC.md: exclusive cards with their VIP benefits, yearly fee and Join Exclusive Club. */
export function ExclusiveCardsPage() {
  const { t } = useTranslation('marketplace');
  return (
    <CardListingPage
      cardAction={cardShareAction}
      title={t('marketplace:exclusive.title')}
      description={t('marketplace:exclusive.description')}
      filter={{ type: 'exclusive' }}
      empty={
        <EmptyState
          icon={<Crown />}
          title={t('marketplace:exclusive.emptyTitle')}
          text={t('marketplace:exclusive.emptyText')}
          action={
            <Button asChild>
              <Link to="/vendor-clubs">{t('marketplace:exclusive.browseClubs')}</Link>
            </Button>
          }
        />
      }
    />
  );
}
