import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { formatLongDate } from '@shared/pakistan-time';
import type { MyVendorApplication } from '@shared/marketplace/marketplace';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';

function ContactSupport() {
  const { t } = useTranslation('vendor');
  return (
    <Button asChild size="sm" variant="outline">
      <Link to="/support">{t('vendor:dashboard.contactSupport')}</Link>
    </Button>
  );
}

/**
 * Where a vendor application stands, for an owner whose vendor is not (or no longer) approved.
 * Renders nothing for an approved vendor.
 */
export function VendorApplicationStatus({ application }: { application: NonNullable<MyVendorApplication> }) {
  const { t } = useTranslation('vendor');
  if (application.status === 'pending') {
    return (
      <Banner tone="warning" title={t('vendor:application.pendingTitle')}>
        {t('vendor:application.pendingText', {
          business: application.businessName,
          date: formatLongDate(application.submittedAt),
        })}
      </Banner>
    );
  }
  if (application.status === 'rejected') {
    return (
      <Banner
        tone="error"
        role="status"
        title={t('vendor:application.rejectedTitle')}
        action={
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to="/vendor-signup">{t('vendor:application.applyAgain')}</Link>
            </Button>
            <ContactSupport />
          </div>
        }
      >
        <p>{t('vendor:application.rejectedText', { business: application.businessName })}</p>
        {application.rejectionReason ? (
          <p className="mt-1">{t('vendor:application.reason', { reason: application.rejectionReason })}</p>
        ) : null}
      </Banner>
    );
  }
  if (application.status === 'suspended') {
    return (
      <Banner tone="error" role="status" title={t('vendor:application.suspendedTitle')} action={<ContactSupport />}>
        {t('vendor:application.suspendedText', { business: application.businessName })}
      </Banner>
    );
  }
  return null;
}
