import { Link } from 'react-router';
import { formatLongDate } from '@shared/pakistan-time';
import type { MyVendorApplication } from '@shared/marketplace';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';

function ContactSupport() {
  return (
    <Button asChild size="sm" variant="outline">
      <Link to="/support">Contact Support</Link>
    </Button>
  );
}

/**
 * Where a vendor application stands, for an owner whose vendor is not (or no longer) approved.
 * Renders nothing for an approved vendor.
 */
export function VendorApplicationStatus({ application }: { application: NonNullable<MyVendorApplication> }) {
  if (application.status === 'pending') {
    return (
      <Banner tone="warning" title="Your application is pending review">
        We received the application for {application.businessName} on {formatLongDate(application.submittedAt)}. We will
        review your application and get back to you within 24-48 hours.
      </Banner>
    );
  }
  if (application.status === 'rejected') {
    return (
      <Banner
        tone="error"
        role="status"
        title="Your application was not approved"
        action={
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to="/vendor-signup">Apply again</Link>
            </Button>
            <ContactSupport />
          </div>
        }
      >
        <p>The application for {application.businessName} was not approved.</p>
        {application.rejectionReason ? <p className="mt-1">Reason: {application.rejectionReason}</p> : null}
      </Banner>
    );
  }
  if (application.status === 'suspended') {
    return (
      <Banner tone="error" role="status" title="This vendor is suspended" action={<ContactSupport />}>
        {application.businessName} is hidden from customers for now. Please contact support.
      </Banner>
    );
  }
  return null;
}
