import { LayoutGrid } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CATEGORY_GROUP_IDS, type CategoryGroup } from '@shared/places';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { CardListingPage } from './card-listing-page';
import { FilterChips } from './filter-chips';
import { countOf } from '@shared/wording';

type CategoryId = CategoryGroup | 'all';

const CATEGORY_OPTIONS: readonly { value: CategoryId; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'food', label: 'Food' },
  { value: 'coffee', label: 'Coffee' },
  { value: 'retail', label: 'Retail' },
  { value: 'services', label: 'Services' },
];

function categoryFrom(value: string | null): CategoryId {
  return (CATEGORY_GROUP_IDS as readonly string[]).includes(value ?? '') ? (value as CategoryId) : 'all';
}

/** SPEC.md: all active cards with the category filter, a vendor count and Join Club. */
export function VendorClubsPage() {
  const [params, setParams] = useSearchParams();
  const category = categoryFrom(params.get('category'));

  function choose(next: CategoryId) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('category');
        else updated.set('category', next);
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <CardListingPage
      title="Vendor Clubs"
      description="Loyalty cards from restaurants, cafes, bakeries and sweet shops near you."
      toolbar={<FilterChips label="Filter by category" options={CATEGORY_OPTIONS} value={category} onChange={choose} />}
      filter={{ type: 'all', category }}
      joinLabel="Join Club"
      summary={(page) =>
        `${countOf(page.vendorCount ?? 0, 'vendor', 'vendors')} · ${countOf(page.total ?? 0, 'loyalty card', 'loyalty cards')}`
      }
      empty={
        <EmptyState
          icon={<LayoutGrid />}
          title="No vendor clubs found"
          text={category === 'all' ? 'No vendor has an active loyalty card yet. Check back soon.' : 'No vendor in this category has an active loyalty card yet.'}
          action={<Button onClick={() => choose('all')}>View All Categories</Button>}
        />
      }
    />
  );
}
