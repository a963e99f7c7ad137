import { SUBSCRIPTION_STATUS_TONE } from '@shared/billing/billing';
import type { SubscriptionStatus } from '@shared/vendors/vendors';
import { Badge } from '@client/components/ui/badge';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';

/** SPEC.md: green active, yellow past_due, red canceled, grey otherwise. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const plans = usePlanTexts();
  return (
    <Badge tone={SUBSCRIPTION_STATUS_TONE[status]} data-status={status}>
      {plans.status(status)}
    </Badge>
  );
}
