import { useTranslation } from '@client/lib/translation';
import type { BillingSummary } from '@shared/billing/billing';
import { formatLongDate } from '@shared/pakistan-time';
import type { PlanId } from '@shared/billing/plans';
import { Banner } from '@client/components/ui/banner';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { downgradeSubscription, useSubscriptionChange } from '@client/features/billing/api/change-subscription';
import { useDowngradePreview } from '@client/features/billing/api/get-downgrade-preview';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';

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
  const { t } = useTranslation('vendor');
  const preview = useDowngradePreview(planId);
  const downgrade = useSubscriptionChange(downgradeSubscription);
  const plans = usePlanTexts();
  const plan = planId ? { name: plans.name(planId) } : null;
  const current = plans.name(billing.subscription.planId);
  const paused = preview.data?.pausedCards ?? [];
  const startsOn = formatLongDate(preview.data?.effectiveAt ?? billing.subscription.nextBillingDate);
  return (
    <ConfirmDialog
      open={planId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('vendor:downgrade.title', { plan: plan?.name ?? '' })}
      text={t('vendor:downgrade.text', {
        current,
        date: startsOn,
        plan: plan?.name ?? '',
      })}
      confirmLabel={t('vendor:downgrade.confirm', { plan: plan?.name ?? '' })}
      cancelLabel={t('vendor:manage.keep', { plan: current })}
      busy={downgrade.isPending}
      onConfirm={() => {
        if (planId) downgrade.mutate(planId, { onSuccess: onClose });
      }}
    >
      <div className="space-y-3 text-sm text-stone-700">
        {preview.isPending ? <Spinner label={t('vendor:downgrade.checking')} /> : null}
        {preview.isError ? (
          <Banner tone="error">{t('vendor:billing.error', { message: preview.error.message })}</Banner>
        ) : null}
        {downgrade.isError ? (
          <Banner tone="error">{t('vendor:billing.error', { message: downgrade.error.message })}</Banner>
        ) : null}
        {preview.data && paused.length === 0 ? <p>{t('vendor:downgrade.allFit', { plan: plan?.name })}</p> : null}
        {paused.length > 0 ? (
          <>
            <p>{t('vendor:downgrade.willPause', { date: startsOn })}</p>
            <ul aria-label={t('vendor:downgrade.list')} className="list-disc space-y-1 ps-5">
              {paused.map((card) => (
                <li key={card.id}>
                  {card.name}
                  <span className="text-stone-600">
                    {card.reason === 'card_type'
                      ? t('vendor:downgrade.notIncluded', { plan: plan?.name })
                      : t('vendor:downgrade.beyondLimit')}
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
