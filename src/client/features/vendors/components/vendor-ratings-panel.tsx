import { useTranslation } from '@client/lib/translation';
import { Card } from '@client/components/ui/card';
import { useVendorRatings } from '@client/features/vendors/api/rating-summary';
import { LoadedRatingSummary } from './rating-summary-view';

/** The vendor dashboard's ratings: private to the vendor (and the admin reviewing it). */
export function VendorRatingsPanel() {
  const { t } = useTranslation('vendor');
  const ratings = useVendorRatings();
  return (
    <Card title={t('vendor:ratings.title')} description={t('vendor:ratings.description')}>
      <LoadedRatingSummary ratings={ratings} loadingText={t('vendor:ratings.loading')} />
    </Card>
  );
}
