import { LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORY_GROUP_IDS, type CategoryGroup } from '@shared/places';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { CardListingPage } from './card-listing-page';
import { FilterChips } from './filter-chips';
import { useFilterParam } from './use-filter-param';
import { useTranslation } from '@client/lib/translation';
import '@client/features/marketplace/marketplace-texts';

type CategoryId = CategoryGroup | 'all';
const CATEGORY_PARAM = 'category';

const CATEGORY_OPTIONS: readonly { value: CategoryId; labelKey: string }[] = [
  { value: 'all', labelKey: 'marketplace:clubs.category.all' },
  { value: 'food', labelKey: 'marketplace:clubs.category.food' },
  { value: 'coffee', labelKey: 'marketplace:clubs.category.coffee' },
  { value: 'retail', labelKey: 'marketplace:clubs.category.retail' },
  { value: 'services', labelKey: 'marketplace:clubs.category.services' },
];

/** SPEC.md: all active cards with the category filter, a vendor count and Join Club. */
export function VendorClubsPage() {
  const { t } = useTranslation('marketplace');
  const [category, choose] = useFilterParam<CategoryId>(CATEGORY_PARAM, CATEGORY_GROUP_IDS, 'all');

  return (
    <CardListingPage
      title={t('marketplace:clubs.title')}
      description={t('marketplace:clubs.description')}
      toolbar={
        <FilterChips
          label={t('marketplace:clubs.categoryFilter')}
          options={CATEGORY_OPTIONS.map((option) => ({ value: option.value, label: t(option.labelKey) }))}
          value={category}
          onChange={choose}
          fallback={{ action: '/vendor-clubs', name: CATEGORY_PARAM, unfiltered: 'all' }}
        />
      }
      filter={{ type: 'all', category }}
      joinLabel={t('marketplace:clubs.join')}
      summary={(page) =>
        `${t('marketplace:clubs.vendorCount', { count: page.vendorCount ?? 0 })} · ${t('marketplace:clubs.cardCount', { count: page.total ?? 0 })}`
      }
      empty={
        <EmptyState
          icon={<LayoutGrid />}
          title={t('marketplace:clubs.emptyTitle')}
          text={category === 'all' ? t('marketplace:clubs.emptyAll') : t('marketplace:clubs.emptyCategory')}
          action={
            // A link, so it works before the page is interactive too (decision 059).
            <Button asChild>
              <Link to="/vendor-clubs" replace>
                {t('marketplace:clubs.viewAll')}
              </Link>
            </Button>
          }
        />
      }
    />
  );
}
