import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewedVendor } from '@shared/admin-vendors';
import { apiFetch } from '@client/lib/api-client';

type Review = { vendorId: string; decision: 'approve' } | { vendorId: string; decision: 'reject'; reason?: string };

/** Approve or reject a pending application; every admin list and figure is refreshed after. */
export function useReviewVendorApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Review) =>
      apiFetch<ReviewedVendor>(`/api/admin/vendors/${review.vendorId}/${review.decision}`, {
        method: 'POST',
        body: review.decision === 'reject' ? { reason: review.reason || undefined } : undefined,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
