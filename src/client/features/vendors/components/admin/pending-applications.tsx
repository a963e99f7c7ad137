import { Check, Eye, Inbox, X } from 'lucide-react';
import { useState } from 'react';
import type { PendingApplication } from '@shared/vendors/admin-vendors';
import { formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Spinner } from '@client/components/ui/spinner';
import { useVendorApplications } from '@client/features/vendors/api/get-vendor-applications';
import { useReviewVendorApplication } from '@client/features/vendors/api/review-vendor-application';
import { ApplicantVerification, ApplicationReviewDialog, categoryName } from './application-review-dialog';
import { ReasonDialog } from '@client/components/admin/reason-dialog';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { cityName } from '@client/components/place-options';

interface PendingApplicationsProps {
  /** SPEC.md's alerts, shown by the screen. */
  onResult: (tone: 'success' | 'error', text: string) => void;
  /** Vendors Management also offers Review (every field of the application). */
  withReview?: boolean;
}

/** Pending vendor applications with Approve, Reject (optional reason) and, on request, Review. */
export function PendingApplications({ onResult, withReview = false }: PendingApplicationsProps) {
  const { t } = useTranslation('admin');
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
          onResult('success', t('admin:alerts.approved'));
        },
        onError: () => onResult('error', t('admin:alerts.approveFailed')),
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
          onResult('success', t('admin:alerts.rejected'));
        },
        onError: () => {
          setRejecting(null);
          onResult('error', t('admin:alerts.rejectFailed'));
        },
        onSettled: () => setWorkingOn(null),
      },
    );
  };

  const list = applications.data?.applications ?? [];
  return (
    <Card
      title={t('admin:apps.title')}
      description={applications.data ? t('admin:apps.waiting', { count: list.length }) : undefined}
      flush
    >
      {applications.isPending ? (
        <div className="flex justify-center p-8 text-brand-700">
          <Spinner label={t('admin:apps.loading')} />
        </div>
      ) : applications.isError ? (
        <p role="alert" className="px-4 pb-4 text-sm text-red-700 sm:px-6">
          {t('admin:apps.error')}
        </p>
      ) : list.length === 0 ? (
        <div className="px-4 pb-4 sm:px-6">
          <EmptyState icon={<Inbox />} title={t('admin:apps.noneTitle')} text={t('admin:apps.noneText')} />
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
                    <Badge tone="yellow">{t('admin:apps.again')}</Badge>
                  ) : null}
                  <ApplicantVerification application={application} />
                </p>
                <p className="text-sm text-stone-600">
                  {categoryName(application.businessCategory, t)}
                  {` · ${application.area}, ${cityName(application.city, t)}`}
                </p>
                <p className="text-xs text-stone-500">
                  {t('admin:apps.applied', { date: formatLongDate(application.appliedAt) })}
                  {application.contactEmail ? ` · ${application.contactEmail}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {withReview ? (
                  <Button variant="ghost" size="sm" onClick={() => setReviewing(application)}>
                    <Eye aria-hidden="true" />
                    {t('admin:apps.review')}
                  </Button>
                ) : null}
                <Button
                  variant="outline"
                  size="sm"
                  disabled={workingOn !== null}
                  onClick={() => setRejecting(application)}
                  aria-label={t('admin:apps.rejectOf', { name: application.businessName })}
                >
                  <X aria-hidden="true" />
                  {t('admin:apps.reject')}
                </Button>
                <Button
                  size="sm"
                  busy={workingOn === application.id && !rejecting}
                  disabled={workingOn !== null}
                  onClick={() => approve(application)}
                  aria-label={t('admin:apps.approveOf', { name: application.businessName })}
                >
                  <Check aria-hidden="true" />
                  {t('admin:apps.approve')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => (open ? undefined : setRejecting(null))}
        title={rejecting ? t('admin:apps.rejectTitle', { name: rejecting.businessName }) : t('admin:apps.reject')}
        text={t('admin:apps.rejectText')}
        confirmLabel={t('admin:apps.reject')}
        reasonHint={t('admin:apps.rejectHint')}
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
