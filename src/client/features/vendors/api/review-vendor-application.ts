import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as vendorsApi from '@shared/vendors/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

type Review = { vendorId: string; decision: 'approve' } | { vendorId: string; decision: 'reject'; reason?: string };

function reviewVendorApplication(review: Review) {
  const params = { id: review.vendorId };
  return review.decision === 'approve'
    ? callApi(vendorsApi.approveVendor, { params })
    : callApi(vendorsApi.rejectVendor, { params, body: { reason: review.reason || undefined } });
}

/** Approve or reject a pending application; every admin list and figure is refreshed after. */
export function useReviewVendorApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewVendorApplication,
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin'] }),
  });
}
