import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { CardListingPage } from './card-listing-page';

/** SPEC.md: exclusive cards with their VIP benefits, yearly fee and Join Exclusive Club. */
export function ExclusiveCardsPage() {
  return (
    <CardListingPage
      title="Exclusive Cards"
      description="VIP loyalty clubs with member-only benefits. The membership fee is paid at the vendor."
      filter={{ type: 'exclusive' }}
      joinLabel="Join Exclusive Club"
      empty={
        <EmptyState
          icon={<Crown />}
          title="No exclusive clubs yet"
          text="Premium vendors are setting up their VIP clubs. Browse the vendor clubs in the meantime."
          action={
            <Button asChild>
              <Link to="/vendor-clubs">Browse Vendor Clubs</Link>
            </Button>
          }
        />
      }
    />
  );
}
