import { useState } from 'react';
import { isSubscriptionInGoodStanding, subscriptionStatusLine, type BillingSummary } from '@shared/billing';
import { formatLongDate } from '@shared/pakistan-time';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
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
  const { subscription } = billing;
  const [confirming, setConfirming] = useState(false);
  const cancel = useSubscriptionChange(cancelSubscription);
  const resume = useSubscriptionChange(resumeSubscription);
  if (!billing.canManage || !isSubscriptionInGoodStanding(subscription.status)) return null;

  const error = cancel.error ?? resume.error;
  const ending = subscription.cancelAt !== null || subscription.scheduledPlan !== null;
  const endDate = formatLongDate(subscription.nextBillingDate);
  return (
    <section aria-label="Manage subscription" className="flex flex-col gap-3">
      {error ? <Banner tone="error">Error: {error.message}</Banner> : null}
      {subscription.cancelAt ? (
        <Banner tone="warning" title={subscriptionStatusLine(subscription)}>
          Your {subscription.planName} plan stays active until {formatLongDate(subscription.cancelAt)}. After that your
          account moves to the Starter limits and you are not charged again.
        </Banner>
      ) : subscription.scheduledPlan ? (
        <Banner tone="info" title={subscriptionStatusLine(subscription)}>
          You keep {subscription.planName} until {formatLongDate(subscription.scheduledPlan.startsAt)}; from then on you
          pay for {subscription.scheduledPlan.planName}.
        </Banner>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {ending ? (
          <Button busy={resume.isPending} onClick={() => resume.mutate(undefined)}>
            {subscription.cancelAt ? 'Resume subscription' : `Keep ${subscription.planName}`}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel your ${subscription.planName} subscription?`}
        text={`Your ${subscription.planName} plan stays active until ${endDate}, and you will not be charged again. After ${endDate} your account moves to the Starter limits; cards beyond them are paused. You can resume until then.`}
        confirmLabel="Cancel subscription"
        cancelLabel={`Keep ${subscription.planName}`}
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </section>
  );
}
