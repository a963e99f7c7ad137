import { useAdminVendorRatings } from '@client/features/feedback/api/rating-summary';
import { RatingSummaryView } from './rating-summary-view';
import { useTranslation } from 'react-i18next';
import '@client/lib/admin-texts';

/** The admin's view of a vendor's ratings, in the vendor's details while reviewing it. */
export function AdminVendorRatings({ vendorId }: { vendorId: string }) {
  const { t } = useTranslation('admin');
  const ratings = useAdminVendorRatings(vendorId);
  return (
    <section aria-labelledby={`vendor-${vendorId}-ratings`} className="flex flex-col gap-3">
      <h3 id={`vendor-${vendorId}-ratings`} className="text-base font-semibold text-stone-900">
        {t('admin:ratings.title')}
      </h3>
      {ratings.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          {t('admin:ratings.loading')}
        </p>
      ) : ratings.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {ratings.error.message}
        </p>
      ) : (
        <RatingSummaryView summary={ratings.data} />
      )}
    </section>
  );
}
