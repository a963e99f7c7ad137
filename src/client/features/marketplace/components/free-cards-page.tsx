import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { CardListingPage } from './card-listing-page';

/** SPEC.md: free cards with 0/N progress and Start Collecting - FREE. */
export function FreeCardsPage() {
  return (
    <CardListingPage
      title="Free Cards"
      description="Loyalty cards you can start collecting for free."
      filter={{ type: 'free' }}
      joinLabel="Start Collecting - FREE"
      empty={
        <EmptyState
          icon={<Ticket />}
          title="No free cards yet"
          text="Vendors add new cards all the time. Browse the vendor clubs in the meantime."
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
