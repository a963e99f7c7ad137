import { useAdminVendorRatings } from '@client/features/vendors/api/rating-summary';
import { LoadedRatingSummary } from './rating-summary-view';
import { useTranslation } from '@client/lib/translation';
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
      <LoadedRatingSummary ratings={ratings} loadingText={t('admin:ratings.loading')} />
    </section>
  );
}
