import { Trans, useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { formatLongDate } from '@shared/pakistan-time';
import type { MyVendorApplication } from '@shared/marketplace/marketplace';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useSession } from '@client/lib/use-session';

function ContactSupport() {
  const { t } = useTranslation('vendor');
  return (
    <Button asChild size="sm" variant="outline">
      <Link to="/support">{t('vendor:dashboard.contactSupport')}</Link>
    </Button>
  );
}

const inlineLink = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * "What happens next" for a pending application: its status, then the review, the e-mail with
 * the result, and what the owner can do meanwhile. Shown right after applying, and whenever the
 * applicant comes back (to /vendor-signup or the vendor area) until the review is done.
 */
function PendingNextSteps({ application }: { application: NonNullable<MyVendorApplication> }) {
  const { t } = useTranslation('vendor');
  const email = useSession().user?.email;
  const steps = [
    { title: t('vendor:next.reviewTitle'), text: t('vendor:next.reviewText') },
    {
      title: t('vendor:next.emailTitle'),
      text: email ? t('vendor:next.emailText', { email }) : t('vendor:next.emailTextAccount'),
    },
    {
      title: t('vendor:next.meanwhileTitle'),
      text: (
        <Trans
          i18nKey="vendor:next.meanwhileText"
          components={{
            pricing: <Link to="/pricing" className={inlineLink} />,
            clubs: <Link to="/vendor-clubs" className={inlineLink} />,
            customer: <Link to="/user" className={inlineLink} />,
          }}
        />
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <Banner tone="warning" title={t('vendor:application.pendingTitle')}>
        {t('vendor:application.pendingText', {
          business: application.businessName,
          date: formatLongDate(application.submittedAt),
        })}
      </Banner>
      <Card
        title={t('vendor:next.title')}
        description={t('vendor:next.description', { business: application.businessName })}
      >
        <ol className="flex flex-col gap-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-stone-900">{step.title}</h3>
                <p className="mt-0.5 text-sm text-stone-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Card>
      <div className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
        <span>{t('vendor:next.questions')}</span>
        <ContactSupport />
      </div>
    </div>
  );
}

/**
 * Where a vendor application stands, for an owner whose vendor is not (or no longer) approved.
 * Renders nothing for an approved vendor.
 */
export function VendorApplicationStatus({ application }: { application: NonNullable<MyVendorApplication> }) {
  const { t } = useTranslation('vendor');
  if (application.status === 'pending') return <PendingNextSteps application={application} />;
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
