import type { TFunction } from '@client/lib/translation';
import type { ReactNode } from 'react';
import type { PendingApplication, PreviousApplication } from '@shared/vendors/admin-vendors';
import { formatLongDate } from '@shared/pakistan-time';
import { CATEGORY_LABEL_KEYS, type VendorCategory } from '@shared/places';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@client/components/ui/dialog';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { cityName } from '@client/components/place-options';

/** A category's name from the catalogue; an unknown one as stored. */
export function categoryName(category: string, t: TFunction): string {
  return Object.hasOwn(CATEGORY_LABEL_KEYS, category) ? t(CATEGORY_LABEL_KEYS[category as VendorCategory]) : category;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-stone-900">{children || '—'}</dd>
    </div>
  );
}

/** The applicant's earlier, rejected applications: what changed since, and why they were turned down. */
function PreviousApplications({ previous }: { previous: PreviousApplication[] }) {
  const { t } = useTranslation('admin');
  if (previous.length === 0) return null;
  return (
    <section aria-labelledby="previous-applications-title" className="mt-5 border-t border-stone-200 pt-4">
      <h3 id="previous-applications-title" className="text-sm font-semibold text-stone-900">
        {t('admin:review.earlier', { count: previous.length })}
      </h3>
      <ol className="mt-2 flex flex-col gap-2">
        {previous.map((application) => (
          <li key={application.submittedAt} className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
            <p className="font-medium text-stone-900">
              {application.businessName} · {application.area}, {cityName(application.city, t)}
            </p>
            <p className="text-stone-600">
              {t('admin:review.appliedOn', { date: formatLongDate(application.submittedAt) })}
              {application.reviewedAt
                ? t('admin:review.notApprovedOn', { date: formatLongDate(application.reviewedAt) })
                : t('admin:review.notApproved')}
            </p>
            <p className="text-stone-600">
              {application.rejectionReason
                ? t('admin:review.reason', { reason: application.rejectionReason })
                : t('admin:review.noReason')}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the applicant's account has proven (issue 40): an unverified applicant could be anybody. */
export function ApplicantVerification({ application }: { application: PendingApplication }) {
  const { t } = useTranslation('admin');
  const { applicantEmailVerified: email, applicantPhoneVerified: phone } = application;
  if (!email && !phone) return <Badge tone="red">{t('admin:review.notVerified')}</Badge>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {email ? <Badge tone="green">{t('admin:review.emailVerified')}</Badge> : null}
      {phone ? <Badge tone="green">{t('admin:review.phoneVerified')}</Badge> : null}
    </span>
  );
}

interface ApplicationReviewDialogProps {
  application: PendingApplication | null;
  onOpenChange: (open: boolean) => void;
  onApprove: (application: PendingApplication) => void;
  onReject: (application: PendingApplication) => void;
  busy: boolean;
}

/** Review: every field of the application, with Approve and Reject at hand. */
export function ApplicationReviewDialog({
  application,
  onOpenChange,
  onApprove,
  onReject,
  busy,
}: ApplicationReviewDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={application !== null} onOpenChange={onOpenChange}>
      {application ? (
        <DialogContent
          title={application.businessName}
          description={t('admin:review.appliedOn', { date: formatLongDate(application.appliedAt) })}
          className="max-w-xl"
        >
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label={t('admin:vendor.category')}>{categoryName(application.businessCategory, t)}</Field>
            <Field label={t('admin:review.location')}>{`${application.area}, ${cityName(application.city, t)}`}</Field>
            <Field label={t('admin:vendor.address')}>
              <bdi dir="auto">{application.address}</bdi>
            </Field>
            <Field label={t('admin:vendor.phone')}>
              <bdi dir="ltr">{application.phone}</bdi>
            </Field>
            <Field label={t('admin:vendor.owner')}>{application.ownerName}</Field>
            <Field label={t('admin:edit.contactEmail')}>{application.contactEmail}</Field>
            <Field label={t('admin:review.account')}>
              <ApplicantVerification application={application} />
            </Field>
            <div className="sm:col-span-2">
              <Field label={t('admin:vendor.description')}>{application.businessDescription}</Field>
            </div>
          </dl>
          <PreviousApplications previous={application.previousApplications} />
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => onReject(application)}>
              {t('admin:apps.reject')}
            </Button>
            <Button busy={busy} onClick={() => onApprove(application)}>
              {t('admin:apps.approve')}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
