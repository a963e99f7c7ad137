import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardFields, VendorCard } from '@shared/vendor-cards';
import { apiFetch } from '@client/lib/api-client';
import { VENDOR_CARDS_KEY } from './get-vendor-cards';
import { VENDOR_DASHBOARD_KEY } from '@client/features/vendors/api/get-vendor-dashboard';

export type SaveCardRequest =
  { mode: 'create'; card: CardFields; saveAs: 'active' | 'draft' } | { mode: 'edit'; id: string; card: CardFields };

export function saveVendorCard(request: SaveCardRequest): Promise<VendorCard> {
  return request.mode === 'create'
    ? apiFetch<VendorCard>('/api/vendor/cards', {
        method: 'POST',
        body: { card: request.card, saveAs: request.saveAs },
      })
    : apiFetch<VendorCard>(`/api/vendor/cards/${request.id}`, { method: 'PUT', body: request.card });
}

/** Create (as Active or Draft) or edit; the card list and the dashboard refresh. */
export function useSaveVendorCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVendorCard,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: VENDOR_CARDS_KEY });
      void queryClient.invalidateQueries({ queryKey: VENDOR_DASHBOARD_KEY });
    },
  });
}
