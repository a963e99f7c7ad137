import type { ReactNode } from 'react';
import type { PendingApplication, PreviousApplication } from '@shared/admin-vendors';
import { formatLongDate } from '@shared/pakistan-time';
import { CATEGORY_LABELS, type VendorCategory } from '@shared/places';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@client/components/ui/dialog';

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
  if (previous.length === 0) return null;
  return (
    <section aria-labelledby="previous-applications-title" className="mt-5 border-t border-stone-200 pt-4">
      <h3 id="previous-applications-title" className="text-sm font-semibold text-stone-900">
        Earlier applications ({previous.length})
      </h3>
      <ol className="mt-2 flex flex-col gap-2">
        {previous.map((application) => (
          <li key={application.submittedAt} className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
            <p className="font-medium text-stone-900">
              {application.businessName} · {application.area}, {application.city}
            </p>
            <p className="text-stone-600">
              Applied on {formatLongDate(application.submittedAt)}
              {application.reviewedAt
                ? `, not approved on ${formatLongDate(application.reviewedAt)}`
                : ', not approved'}
            </p>
            <p className="text-stone-600">
              {application.rejectionReason ? `Reason: ${application.rejectionReason}` : 'No reason was given.'}
            </p>
          </li>
        ))}
      </ol>
    </section>
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
  return (
    <Dialog open={application !== null} onOpenChange={onOpenChange}>
      {application ? (
        <DialogContent
          title={application.businessName}
          description={`Applied on ${formatLongDate(application.appliedAt)}`}
          className="max-w-xl"
        >
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Category">
              {CATEGORY_LABELS[application.businessCategory as VendorCategory] ?? application.businessCategory}
            </Field>
            <Field label="Location">{`${application.area}, ${application.city}`}</Field>
            <Field label="Address">{application.address}</Field>
            <Field label="Phone">{application.phone}</Field>
            <Field label="Owner">{application.ownerName}</Field>
            <Field label="Contact e-mail">{application.contactEmail}</Field>
            <div className="sm:col-span-2">
              <Field label="Description">{application.businessDescription}</Field>
            </div>
          </dl>
          <PreviousApplications previous={application.previousApplications} />
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => onReject(application)}>
              Reject
            </Button>
            <Button busy={busy} onClick={() => onApprove(application)}>
              Approve
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
