import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardFields, CardTiersInput } from '@shared/cards/vendor-cards';
import { callApi } from '@client/lib/api-client';
import { VENDOR_CARDS_KEY } from './get-vendor-cards';
import { VENDOR_DASHBOARD_KEY } from '@client/lib/query-keys';
import * as cardsApi from '@shared/cards/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export type SaveCardRequest =
  { mode: 'create'; card: CardFields; saveAs: 'active' | 'draft' } | { mode: 'edit'; id: string; card: CardFields };

export function saveVendorCard(request: SaveCardRequest) {
  return request.mode === 'create'
    ? callApi(cardsApi.create, { body: { card: request.card, saveAs: request.saveAs } })
    : callApi(cardsApi.update, { params: { id: request.id }, body: request.card });
}

/** Create (as Active or Draft) or edit; the card list and the dashboard refresh. */
export function useSaveVendorCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVendorCard,
    onSuccess: () => {
      void refreshAfterWrite(queryClient, { queryKey: VENDOR_CARDS_KEY });
      void refreshAfterWrite(queryClient, { queryKey: VENDOR_DASHBOARD_KEY });
    },
  });
}

/** The owner sets a card's tiers, or turns them off (null); the card list refreshes. */
export function useSaveCardTiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { id: string; tiers: CardTiersInput['tiers'] }) =>
      callApi(cardsApi.setTiers, { params: { id: request.id }, body: { tiers: request.tiers } }),
    onSuccess: () => void refreshAfterWrite(queryClient, { queryKey: VENDOR_CARDS_KEY }),
  });
}
