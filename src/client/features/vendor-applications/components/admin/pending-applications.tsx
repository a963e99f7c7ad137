import { Check, Eye, Inbox, X } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_ALERTS } from '@shared/admin-dashboard';
import type { PendingApplication } from '@shared/admin-vendors';
import { formatLongDate } from '@shared/pakistan-time';
import { CATEGORY_LABELS, type VendorCategory } from '@shared/places';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Spinner } from '@client/components/ui/spinner';
import { useVendorApplications } from '@client/features/vendor-applications/api/get-vendor-applications';
import { useReviewVendorApplication } from '@client/features/vendor-applications/api/review-vendor-application';
import { ApplicationReviewDialog } from './application-review-dialog';
import { ReasonDialog } from '@client/components/admin/reason-dialog';

interface PendingApplicationsProps {
  /** SPEC.md's alerts, shown by the screen. */
  onResult: (tone: 'success' | 'error', text: string) => void;
  /** Vendors Management also offers Review (every field of the application). */
  withReview?: boolean;
}

/** Pending vendor applications with Approve, Reject (optional reason) and, on request, Review. */
export function PendingApplications({ onResult, withReview = false }: PendingApplicationsProps) {
  const applications = useVendorApplications();
  const review = useReviewVendorApplication();
  const [rejecting, setRejecting] = useState<PendingApplication | null>(null);
  const [reviewing, setReviewing] = useState<PendingApplication | null>(null);
  const [workingOn, setWorkingOn] = useState<string | null>(null);

  const approve = (application: PendingApplication) => {
    setWorkingOn(application.id);
    review.mutate(
      { vendorId: application.id, decision: 'approve' },
      {
        onSuccess: () => {
          setReviewing(null);
          onResult('success', ADMIN_ALERTS.approved);
        },
        onError: () => onResult('error', ADMIN_ALERTS.approveFailed),
        onSettled: () => setWorkingOn(null),
      },
    );
  };

  const reject = (application: PendingApplication, reason: string) => {
    setWorkingOn(application.id);
    review.mutate(
      { vendorId: application.id, decision: 'reject', reason },
      {
        onSuccess: () => {
          setRejecting(null);
          setReviewing(null);
          onResult('success', ADMIN_ALERTS.rejected);
        },
        onError: () => {
          setRejecting(null);
          onResult('error', ADMIN_ALERTS.rejectFailed);
        },
        onSettled: () => setWorkingOn(null),
      },
    );
  };

  const list = applications.data?.applications ?? [];
  return (
    <Card
      title="Pending Applications"
      description={applications.data ? `${list.length} waiting for review` : undefined}
      flush
    >
      {applications.isPending ? (
        <div className="flex justify-center p-8 text-brand-700">
          <Spinner label="Loading applications" />
        </div>
      ) : applications.isError ? (
        <p role="alert" className="px-4 pb-4 text-sm text-red-700 sm:px-6">
          The applications could not be loaded. Please reload the page.
        </p>
      ) : list.length === 0 ? (
        <div className="px-4 pb-4 sm:px-6">
          <EmptyState
            icon={<Inbox />}
            title="No pending applications"
            text="New vendor applications appear here for review."
          />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200 border-t border-stone-200">
          {list.map((application) => (
            <li
              key={application.id}
              className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                  {application.businessName}
                  {application.previousApplications.length > 0 ? (
                    <Badge tone="yellow">Applied again after a rejection</Badge>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600">
                  {CATEGORY_LABELS[application.businessCategory as VendorCategory] ?? application.businessCategory} ·{' '}
                  {application.area}, {application.city}
                </p>
                <p className="text-xs text-stone-500">
                  Applied {formatLongDate(application.appliedAt)}
                  {application.contactEmail ? ` · ${application.contactEmail}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {withReview ? (
                  <Button variant="ghost" size="sm" onClick={() => setReviewing(application)}>
                    <Eye aria-hidden="true" />
                    Review
                  </Button>
                ) : null}
                <Button
                  variant="outline"
                  size="sm"
                  disabled={workingOn !== null}
                  onClick={() => setRejecting(application)}
                  aria-label={`Reject ${application.businessName}`}
                >
                  <X aria-hidden="true" />
                  Reject
                </Button>
                <Button
                  size="sm"
                  busy={workingOn === application.id && !rejecting}
                  disabled={workingOn !== null}
                  onClick={() => approve(application)}
                  aria-label={`Approve ${application.businessName}`}
                >
                  <Check aria-hidden="true" />
                  Approve
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => (open ? undefined : setRejecting(null))}
        title={rejecting ? `Reject ${rejecting.businessName}?` : 'Reject'}
        text="The applicant is told by e-mail and sees the reason on their vendor page."
        confirmLabel="Reject"
        reasonHint="For example: the address could not be verified."
        busy={review.isPending}
        onConfirm={(reason) => rejecting && reject(rejecting, reason)}
      />
      <ApplicationReviewDialog
        application={reviewing}
        onOpenChange={(open) => (open ? undefined : setReviewing(null))}
        onApprove={approve}
        onReject={(application) => setRejecting(application)}
        busy={review.isPending}
      />
    </Card>
  );
}
