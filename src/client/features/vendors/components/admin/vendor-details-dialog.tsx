import type { ReactNode } from 'react';
import { AdminVendorRatings } from '@client/features/vendors/components/admin-vendor-ratings';
import { Link } from 'react-router';
import { formatPKR } from '@shared/number-format';
import { formatNumber } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import { CATEGORY_LABEL_KEYS } from '@shared/places';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { useVendorDetail } from '@client/features/vendors/api/get-vendor-detail';
import { VendorStatusBadge } from '@client/components/admin/status-badges';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { normalizeSubscriptionStatus } from '@shared/vendors/vendors';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';
import { cityName } from '@client/components/place-options';
import { keepLeftToRight } from '@shared/format-locale';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-stone-900">
        {children === null || children === '' ? '—' : children}
      </dd>
    </div>
  );
}

/** The vendor's public page, shown as its address. */
function publicPathOf(slug: string): string {
  return `/vendors/${slug}`;
}

/** View: one vendor's profile, owner, plan, figures and review history. */
export function VendorDetailsDialog({
  vendorId,
  onOpenChange,
}: {
  vendorId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const plans = usePlanTexts();
  const detail = useVendorDetail(vendorId);
  const vendor = detail.data;
  return (
    <Dialog open={vendorId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={vendor ? `${vendor.logo} ${vendor.businessName}` : t('admin:vendor.fallbackTitle')}
        description={vendor ? `${vendor.area}, ${cityName(vendor.city, t)}` : undefined}
        className="max-w-2xl"
      >
        {detail.isPending ? (
          <Spinner label={t('admin:vendor.loading')} className="text-brand-700" />
        ) : !vendor ? (
          <p role="alert" className="text-sm text-red-700">
            {t('admin:vendor.error')}
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Detail label={t('admin:vendor.status')}>
                <VendorStatusBadge status={vendor.status} />
              </Detail>
              <Detail label={t('admin:vendor.publicPage')}>
                {vendor.status === 'approved' ? (
                  <Link to={publicPathOf(vendor.slug)} className="text-brand-800 underline">
                    {publicPathOf(vendor.slug)}
                  </Link>
                ) : (
                  t('admin:vendor.hidden')
                )}
              </Detail>
              {vendor.suspensionReason ? (
                <Detail label={t('admin:vendor.suspensionReason')}>{vendor.suspensionReason}</Detail>
              ) : null}
              {vendor.rejectionReason ? (
                <Detail label={t('admin:vendor.rejectionReason')}>{vendor.rejectionReason}</Detail>
              ) : null}
              <Detail label={t('admin:vendor.category')}>{t(CATEGORY_LABEL_KEYS[vendor.businessCategory])}</Detail>
              <Detail
                label={t('admin:vendor.plan')}
              >{`${plans.name(vendor.plan)} (${plans.status(normalizeSubscriptionStatus(vendor.subscriptionStatus))})`}</Detail>
              <Detail label={t('admin:vendor.owner')}>
                {vendor.owner ? `${vendor.owner.name} · ${vendor.owner.email}` : null}
              </Detail>
              <Detail label={t('admin:vendor.contact')}>
                {[vendor.contactPerson, vendor.contactEmail].filter(Boolean).join(' · ')}
              </Detail>
              <Detail label={t('admin:vendor.phone')}>
                <bdi dir="ltr">{vendor.phone}</bdi>
                {vendor.whatsapp ? (
                  <>
                    {' · '}
                    {t('admin:vendor.whatsappNumber', { number: keepLeftToRight(vendor.whatsapp) })}
                  </>
                ) : null}
              </Detail>
              <Detail label={t('admin:vendor.website')}>{vendor.website}</Detail>
              <Detail
                label={t('admin:vendor.address')}
              >{`${vendor.address}, ${vendor.area}, ${cityName(vendor.city, t)}`}</Detail>
              <Detail label={t('admin:vendor.staff')}>{vendor.staffCount}</Detail>
              <Detail label={t('admin:vendor.activeCards')}>
                {t('admin:vendor.activeOf', { active: vendor.activeCards, total: vendor.totalCards })}
              </Detail>
              <Detail label={t('admin:vendor.users')}>{formatNumber(vendor.users)}</Detail>
              <Detail label={t('admin:vendor.stampsIssued')}>{formatNumber(vendor.stampsIssued)}</Detail>
              <Detail label={t('admin:vendor.rewardsRedeemed')}>{formatNumber(vendor.rewardsRedeemed)}</Detail>
              <Detail label={t('admin:vendor.revenue')}>{formatPKR(vendor.revenue)}</Detail>
              <Detail label={t('admin:vendor.nextBilling')}>{formatLongDate(vendor.nextBillingDate)}</Detail>
              <Detail label={t('admin:vendor.applied')}>{formatLongDate(vendor.createdAt)}</Detail>
              <Detail label={t('admin:vendor.reviewed')}>{formatLongDate(vendor.reviewedAt)}</Detail>
              <div className="sm:col-span-2">
                <Detail label={t('admin:vendor.description')}>{vendor.businessDescription}</Detail>
              </div>
            </dl>
            {/* Ratings are private to the vendor; the admin sees them while reviewing it (decision 038). */}
            {vendorId ? <AdminVendorRatings vendorId={vendorId} /> : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
