import type { ReactNode } from 'react';
import { AdminVendorRatings } from '@client/features/feedback/components/admin-vendor-ratings';
import { Link } from 'react-router';
import { formatPKR } from '@shared/money';
import { formatLongDate } from '@shared/pakistan-time';
import { CATEGORY_LABELS } from '@shared/places';
import { planFor } from '@shared/plans';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { useVendorDetail } from '@client/features/vendors/api/get-vendor-detail';
import { VendorStatusBadge } from '@client/components/admin/status-badges';

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

/** View: one vendor's profile, owner, plan, figures and review history. */
export function VendorDetailsDialog({
  vendorId,
  onOpenChange,
}: {
  vendorId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const detail = useVendorDetail(vendorId);
  const vendor = detail.data;
  return (
    <Dialog open={vendorId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={vendor ? `${vendor.logo} ${vendor.businessName}` : 'Vendor'}
        description={vendor ? `${vendor.area}, ${vendor.city}` : undefined}
        className="max-w-2xl"
      >
        {detail.isPending ? (
          <Spinner label="Loading vendor" className="text-brand-700" />
        ) : !vendor ? (
          <p role="alert" className="text-sm text-red-700">
            This vendor could not be loaded.
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Detail label="Status">
                <VendorStatusBadge status={vendor.status} />
              </Detail>
              <Detail label="Public page">
                {vendor.status === 'approved' ? (
                  <Link to={`/vendors/${vendor.slug}`} className="text-brand-800 underline">
                    /vendors/{vendor.slug}
                  </Link>
                ) : (
                  'Hidden (not approved)'
                )}
              </Detail>
              {vendor.suspensionReason ? <Detail label="Suspension reason">{vendor.suspensionReason}</Detail> : null}
              {vendor.rejectionReason ? <Detail label="Rejection reason">{vendor.rejectionReason}</Detail> : null}
              <Detail label="Category">{CATEGORY_LABELS[vendor.businessCategory]}</Detail>
              <Detail label="Plan">{`${planFor(vendor.plan).name} (${vendor.subscriptionStatus})`}</Detail>
              <Detail label="Owner">{vendor.owner ? `${vendor.owner.name} · ${vendor.owner.email}` : null}</Detail>
              <Detail label="Contact">{[vendor.contactPerson, vendor.contactEmail].filter(Boolean).join(' · ')}</Detail>
              <Detail label="Phone">
                {[vendor.phone, vendor.whatsapp ? `WhatsApp ${vendor.whatsapp}` : null].filter(Boolean).join(' · ')}
              </Detail>
              <Detail label="Website">{vendor.website}</Detail>
              <Detail label="Address">{`${vendor.address}, ${vendor.area}, ${vendor.city}`}</Detail>
              <Detail label="Staff members">{vendor.staffCount}</Detail>
              <Detail label="Active cards">{`${vendor.activeCards} of ${vendor.totalCards}`}</Detail>
              <Detail label="Users">{vendor.users.toLocaleString('en-PK')}</Detail>
              <Detail label="Stamps issued">{vendor.stampsIssued.toLocaleString('en-PK')}</Detail>
              <Detail label="Rewards redeemed">{vendor.rewardsRedeemed.toLocaleString('en-PK')}</Detail>
              <Detail label="Revenue">{formatPKR(vendor.revenue)}</Detail>
              <Detail label="Next billing date">{formatLongDate(vendor.nextBillingDate)}</Detail>
              <Detail label="Applied">{formatLongDate(vendor.createdAt)}</Detail>
              <Detail label="Reviewed">{formatLongDate(vendor.reviewedAt)}</Detail>
              <div className="sm:col-span-2">
                <Detail label="Description">{vendor.businessDescription}</Detail>
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
