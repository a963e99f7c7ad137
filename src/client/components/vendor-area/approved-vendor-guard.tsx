import type { ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import { RequireVendor } from '@client/components/guards';
import { Banner } from '@client/components/ui/banner';
import { Spinner } from '@client/components/ui/spinner';
import type { SessionUser } from '@client/lib/use-session';
import { useMyVendorApplication } from '@client/components/vendor-area/my-vendor-application';
import { VendorApplicationStatus } from './vendor-application-status';

/** The vendor's standing as words, by its status. */
const VENDOR_STATUS_KEYS = {
  pending: 'vendor:status.pending',
  approved: 'vendor:status.approved',
  rejected: 'vendor:status.rejected',
  suspended: 'vendor:status.suspended',
} as const;

export type VendorMember = SessionUser & { membership: NonNullable<SessionUser['membership']> };

function CenteredSpinner() {
  const { t } = useTranslation('vendor');
  return (
    <div className="flex justify-center py-12 text-brand-700">
      <Spinner size="lg" label={t('vendor:guard.loading')} />
    </div>
  );
}

/** A pending, rejected or suspended vendor sees where the application stands instead of the screen. */
function NotApprovedYet({ member }: { member: VendorMember }) {
  const { t } = useTranslation('vendor');
  const application = useMyVendorApplication();
  if (application.isPending) return <CenteredSpinner />;
  if (application.data && application.data.status !== 'approved')
    return <VendorApplicationStatus application={application.data} />;
  return (
    <Banner tone="warning" title={t('vendor:guard.notActiveTitle', { business: member.membership.businessName })}>
      {t('vendor:guard.notActiveText', { status: t(VENDOR_STATUS_KEYS[member.membership.vendorStatus]) })}
    </Banner>
  );
}

/** A staff member on a screen whose every call the server keeps to the owner: what it is, not an error. */
function OwnerOnly({ member, page }: { member: VendorMember; page: string }) {
  const { t } = useTranslation('vendor');
  return (
    <Banner tone="info" title={t('vendor:guard.ownerOnlyTitle', { page })}>
      {t('vendor:guard.ownerOnlyText', { business: member.membership.businessName })}
    </Banner>
  );
}

/**
 * The vendor screens' guard: no session → /auth, not a vendor → /vendor-signup (RequireVendor),
 * then only members of an approved vendor see the screen. The API checks all of it again.
 * `ownerOnly` names a screen the server keeps to the owner (requireVendorMember's ownerOnly):
 * staff are told so instead of meeting its refusals.
 */
export function ApprovedVendorGuard({
  children,
  ownerOnly,
}: {
  children: (member: VendorMember) => ReactNode;
  ownerOnly?: string;
}) {
  return (
    <RequireVendor>
      {(user) => {
        const member = user as VendorMember;
        if (member.membership.vendorStatus !== 'approved') return <NotApprovedYet member={member} />;
        if (ownerOnly !== undefined && member.membership.role !== 'owner')
          return <OwnerOnly member={member} page={ownerOnly} />;
        return children(member);
      }}
    </RequireVendor>
  );
}

export { CenteredSpinner };
