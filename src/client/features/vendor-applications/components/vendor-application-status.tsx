import { Link } from 'react-router';
import type { CustomerDashboard } from '@shared/customer';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';

type Application = NonNullable<CustomerDashboard['vendorApplication']>;

/** Where the person's vendor application (or vendor membership) stands. */
export function VendorApplicationStatus({ application }: { application: Application }) {
  const name = application.businessName;
  const dashboardLink = (
    <Button asChild size="sm" variant="outline">
      <Link to="/vendor">Open vendor dashboard</Link>
    </Button>
  );
  switch (application.status) {
    case 'pending':
      return (
        <Banner tone="warning" title="Vendor application under review">
          We received your application for {name}. We will review it and get back to you within 24-48 hours.
        </Banner>
      );
    case 'rejected':
      return (
        <Banner tone="error" role="status" title="Vendor application not approved">
          Your application for {name} was not approved.
          {application.rejectionReason ? ` Reason: ${application.rejectionReason}` : ''} You can contact support if you
          have questions.
        </Banner>
      );
    case 'suspended':
      return (
        <Banner tone="warning" title={`${name} is suspended`}>
          This vendor cannot issue stamps right now. Please contact support.
        </Banner>
      );
    case 'approved':
      return (
        <Banner
          tone="success"
          title={application.role === 'owner' ? `${name} is approved` : `You are staff at ${name}`}
          action={dashboardLink}
        >
          {application.role === 'owner'
            ? 'Your vendor account is active.'
            : 'You can issue stamps and confirm rewards.'}
        </Banner>
      );
  }
}
