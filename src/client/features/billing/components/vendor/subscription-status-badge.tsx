import { SUBSCRIPTION_STATUS_LABEL, SUBSCRIPTION_STATUS_TONE } from '@shared/billing';
import type { SubscriptionStatus } from '@shared/vendors';
import { Badge } from '@client/components/ui/badge';

/** SPEC.md: green active, yellow past_due, red canceled, grey otherwise. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <Badge tone={SUBSCRIPTION_STATUS_TONE[status]} data-status={status}>
      {SUBSCRIPTION_STATUS_LABEL[status]}
    </Badge>
  );
}
