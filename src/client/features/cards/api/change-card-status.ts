import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteCardResult, VendorCard } from '@shared/vendor-cards';
import { apiFetch } from '@client/lib/api-client';
import { VENDOR_CARDS_KEY } from './get-vendor-cards';
import { VENDOR_DASHBOARD_KEY } from '@client/features/vendors/api/get-vendor-dashboard';

export type CardStatusAction = 'activate' | 'pause' | 'delete';

export async function changeCardStatus({
  id,
  action,
}: {
  id: string;
  action: CardStatusAction;
}): Promise<VendorCard | DeleteCardResult> {
  if (action === 'delete') return apiFetch<DeleteCardResult>(`/api/vendor/cards/${id}`, { method: 'DELETE' });
  return apiFetch<VendorCard>(`/api/vendor/cards/${id}/${action}`, { method: 'POST' });
}

/** Pause, Activate and Delete (which archives a card customers hold). */
export function useChangeCardStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCardStatus,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: VENDOR_CARDS_KEY });
      void queryClient.invalidateQueries({ queryKey: VENDOR_DASHBOARD_KEY });
    },
  });
}
