import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { isSubscriptionInGoodStanding, type BillingSummary } from '@shared/billing/billing';
import { formatLongDate } from '@shared/pakistan-time';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';
import {
  cancelSubscription,
  resumeSubscription,
  useSubscriptionChange,
} from '@client/features/billing/api/change-subscription';

/**
 * Cancel (at the end of the paid period, after a dialog naming that date) and Resume, for the
 * owner of a running subscription. The provider confirms a cancellation by webhook; the page shows
 * what the server says afterwards.
 */
export function SubscriptionActions({ billing }: { billing: BillingSummary }) {
  const { t } = useTranslation('vendor');
  const plans = usePlanTexts();
  const { subscription } = billing;
  const planName = plans.name(subscription.planId);
  const [confirming, setConfirming] = useState(false);
  const cancel = useSubscriptionChange(cancelSubscription);
  const resume = useSubscriptionChange(resumeSubscription);
  if (!billing.canManage || !isSubscriptionInGoodStanding(subscription.status)) return null;

  const error = cancel.error ?? resume.error;
  const ending = subscription.cancelAt !== null || subscription.scheduledPlan !== null;
  const endDate = formatLongDate(subscription.nextBillingDate);
  return (
    <section aria-label={t('vendor:manage.label')} className="flex flex-col gap-3">
      {error ? <Banner tone="error">{t('vendor:billing.error', { message: error.message })}</Banner> : null}
      {subscription.cancelAt ? (
        <Banner tone="warning" title={plans.statusLine(subscription)}>
          {t('vendor:manage.endingText', {
            plan: planName,
            date: formatLongDate(subscription.cancelAt),
          })}
        </Banner>
      ) : subscription.scheduledPlan ? (
        <Banner tone="info" title={plans.statusLine(subscription)}>
          {t('vendor:manage.scheduledText', {
            plan: planName,
            date: formatLongDate(subscription.scheduledPlan.startsAt),
            next: plans.name(subscription.scheduledPlan.planId),
          })}
        </Banner>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {ending ? (
          <Button busy={resume.isPending} onClick={() => resume.mutate(undefined)}>
            {subscription.cancelAt ? t('vendor:manage.resume') : t('vendor:manage.keep', { plan: planName })}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            {t('vendor:manage.cancel')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('vendor:manage.cancelTitle', { plan: planName })}
        text={t('vendor:manage.cancelText', { plan: planName, date: endDate })}
        confirmLabel={t('vendor:manage.cancel')}
        cancelLabel={t('vendor:manage.keep', { plan: planName })}
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </section>
  );
}
