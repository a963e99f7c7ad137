import { useQuery } from '@tanstack/react-query';
import type { DowngradePreview } from '@shared/billing';
import type { PlanId } from '@shared/plans';
import { apiFetch } from '@client/lib/api-client';

export function getDowngradePreview(planId: PlanId): Promise<DowngradePreview> {
  return apiFetch<DowngradePreview>(`/api/billing/downgrade-preview?planId=${encodeURIComponent(planId)}`);
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
