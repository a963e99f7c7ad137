import { Card } from '@client/components/ui/card';
import { useVendorRatings } from '@client/features/feedback/api/rating-summary';
import { RatingSummaryView } from './rating-summary-view';

/** The vendor dashboard's ratings: private to the vendor (and the admin reviewing it). */
export function VendorRatingsPanel() {
  const ratings = useVendorRatings();
  return (
    <Card
      title="Customer ratings"
      description="How customers rated their visits. Only you and the Chaska team see them."
    >
      {ratings.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          Loading ratings…
        </p>
      ) : ratings.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {ratings.error.message}
        </p>
      ) : (
        <RatingSummaryView summary={ratings.data} />
      )}
    </Card>
  );
}
