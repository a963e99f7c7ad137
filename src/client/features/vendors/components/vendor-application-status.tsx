import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import type { CustomerDashboard } from '@shared/customers/customer';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import '@client/lib/customer-texts';

type Application = NonNullable<CustomerDashboard['vendorApplication']>;

/** Where the person's vendor application (or vendor membership) stands. */
export function VendorApplicationStatus({ application }: { application: Application }) {
  const { t } = useTranslation('customer');
  const vendor = application.businessName;
  const dashboardLink = (
    <Button asChild size="sm" variant="outline">
      <Link to="/vendor">{t('customer:application.openDashboard')}</Link>
    </Button>
  );
  switch (application.status) {
    case 'pending':
      return (
        <Banner
          tone="warning"
          title={t('customer:application.pendingTitle')}
          action={
            <Button asChild size="sm" variant="outline">
              <Link to="/vendor-signup">{t('customer:application.whatNext')}</Link>
            </Button>
          }
        >
          {t('customer:application.pendingText', { vendor })}
        </Banner>
      );
    case 'rejected':
      return (
        <Banner tone="error" role="status" title={t('customer:application.rejectedTitle')}>
          {t('customer:application.rejectedText', { vendor })}
          {application.rejectionReason
            ? t('customer:application.rejectedReason', { reason: application.rejectionReason })
            : ''}
          {t('customer:application.rejectedContact')}
        </Banner>
      );
    case 'suspended':
      return (
        <Banner tone="warning" title={t('customer:application.suspendedTitle', { vendor })}>
          {t('customer:application.suspendedText')}
        </Banner>
      );
    case 'approved':
      return (
        <Banner
          tone="success"
          title={
            application.role === 'owner'
              ? t('customer:application.ownerTitle', { vendor })
              : t('customer:application.staffTitle', { vendor })
          }
          action={dashboardLink}
        >
          {application.role === 'owner' ? t('customer:application.ownerText') : t('customer:application.staffText')}
        </Banner>
      );
  }
}
