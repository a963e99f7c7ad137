import { useQuery } from '@tanstack/react-query';
import type { PlanId } from '@shared/billing/plans';
import * as billingApi from '@shared/billing/contract';
import { callApi } from '@client/lib/api-client';

export function getDowngradePreview(planId: PlanId) {
  return callApi(billingApi.downgradePreview, { query: { planId } });
}

/** Which cards a lower plan would pause, read when the owner opens the downgrade dialog. */
export function useDowngradePreview(planId: PlanId | null) {
  return useQuery({
    queryKey: ['billing', 'downgrade-preview', planId],
    queryFn: () => getDowngradePreview(planId!),
    enabled: planId !== null,
    staleTime: 0,
    retry: 1,
  });
}
