import type { BillingSummary } from '@shared/billing';
import { formatLongDate } from '@shared/pakistan-time';
import { planFor, type PlanId } from '@shared/plans';
import { Banner } from '@client/components/ui/banner';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { downgradeSubscription, useSubscriptionChange } from '@client/features/billing/api/change-subscription';
import { useDowngradePreview } from '@client/features/billing/api/get-downgrade-preview';

/** Before a downgrade: when it starts, and which cards the lower plan pauses (the server's one rule). */
export function DowngradeDialog({
  billing,
  planId,
  onClose,
}: {
  billing: BillingSummary;
  planId: PlanId | null;
  onClose(): void;
}) {
  const preview = useDowngradePreview(planId);
  const downgrade = useSubscriptionChange(downgradeSubscription);
  const plan = planId ? planFor(planId) : null;
  const paused = preview.data?.pausedCards ?? [];
  const startsOn = formatLongDate(preview.data?.effectiveAt ?? billing.subscription.nextBillingDate);
  return (
    <ConfirmDialog
      open={planId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Downgrade to ${plan?.name ?? ''}?`}
      text={`You keep ${billing.subscription.planName} until ${startsOn}. From then on your plan is ${plan?.name ?? ''} at its lower price.`}
      confirmLabel={`Downgrade to ${plan?.name ?? ''}`}
      cancelLabel={`Keep ${billing.subscription.planName}`}
      busy={downgrade.isPending}
      onConfirm={() => {
        if (planId) downgrade.mutate(planId, { onSuccess: onClose });
      }}
    >
      <div className="space-y-3 text-sm text-stone-700">
        {preview.isPending ? <Spinner label="Checking your cards" /> : null}
        {preview.isError ? <Banner tone="error">Error: {preview.error.message}</Banner> : null}
        {downgrade.isError ? <Banner tone="error">Error: {downgrade.error.message}</Banner> : null}
        {preview.data && paused.length === 0 ? <p>All your active cards fit the {plan?.name} plan.</p> : null}
        {paused.length > 0 ? (
          <>
            <p>If your cards stay as they are, these will be paused on {startsOn} (customers keep their stamps):</p>
            <ul aria-label="Cards that will be paused" className="list-disc space-y-1 ps-5">
              {paused.map((card) => (
                <li key={card.id}>
                  {card.name}
                  <span className="text-stone-600">
                    {card.reason === 'card_type' ? ` (not included in ${plan?.name})` : ' (beyond the card limit)'}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
