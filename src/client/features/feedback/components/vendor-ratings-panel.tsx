import { useTranslation } from 'react-i18next';
import { Card } from '@client/components/ui/card';
import { useVendorRatings } from '@client/features/feedback/api/rating-summary';
import { RatingSummaryView } from './rating-summary-view';

/** The vendor dashboard's ratings: private to the vendor (and the admin reviewing it). */
export function VendorRatingsPanel() {
  const { t } = useTranslation('vendor');
  const ratings = useVendorRatings();
  return (
    <Card title={t('vendor:ratings.title')} description={t('vendor:ratings.description')}>
      {ratings.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          {t('vendor:ratings.loading')}
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
