import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useVendorProfile } from '@client/features/vendors/api/get-vendor-profile';
import { AccountSettings } from './account-settings';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { ProfileForm } from './profile-form';
import { StaffSection } from './staff-section';
import { VendorReferralSettings } from '@client/features/stamps/components/vendor-referral-settings';
import { FraudRulesSettings } from '@client/features/stamps/components/vendor/fraud-rules-settings';
import { MonthlyReportSettings } from '@client/features/analytics/components/vendor/monthly-report-settings';

function ProfileContent({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const profile = useVendorProfile();
  if (profile.isPending) return <CenteredSpinner />;
  if (profile.isError)
    return (
      <Banner tone="error" title={t('vendor:profile.loadFailed')}>
        {profile.error.message}
      </Banner>
    );
  const closed = profile.data.closedAt !== null;
  return (
    <div className="flex flex-col gap-6">
      {closed ? (
        <Banner tone="error" role="status" title={t('vendor:dashboard.closedTitle')}>
          {t('vendor:profile.closedText')}
        </Banner>
      ) : null}
      {/* Not keyed by the data's time: a background refetch would wipe the owner's unsaved edits and
          the "Profile saved" confirmation. The form resets itself to what the server saved. */}
      <ProfileForm
        profile={profile.data.profile}
        slug={profile.data.slug}
        canEdit={isOwner && !closed}
        qrStyle={profile.data.qrStyle}
      />
      {isOwner && !closed ? <VendorReferralSettings /> : null}
      {isOwner && !closed ? <FraudRulesSettings /> : null}
      {isOwner && !closed ? <MonthlyReportSettings /> : null}
      {isOwner ? <StaffSection /> : null}
      <AccountSettings isOwner={isOwner} businessName={profile.data.profile.businessName} closed={closed} />
    </div>
  );
}

export function VendorProfilePage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:profile.title'));
  return (
    <>
      <PageHeader title={t('vendor:profile.title')} description={t('vendor:profile.description')} />
      <ApprovedVendorGuard>
        {(member) => <ProfileContent isOwner={member.membership.role === 'owner'} />}
      </ApprovedVendorGuard>
    </>
  );
}
