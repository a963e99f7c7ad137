import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { VENDOR_CARDS_KEY } from './get-vendor-cards';
import { VENDOR_DASHBOARD_KEY } from '@client/lib/query-keys';
import * as cardsApi from '@shared/cards/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export type CardStatusAction = 'activate' | 'pause' | 'delete';

export async function changeCardStatus({ id, action }: { id: string; action: CardStatusAction }) {
  if (action === 'delete') return callApi(cardsApi.remove, { params: { id } });
  return callApi(action === 'activate' ? cardsApi.activate : cardsApi.pause, { params: { id } });
}

/** Pause, Activate and Delete (which archives a card customers hold). */
export function useChangeCardStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCardStatus,
    onSettled: () => {
      void refreshAfterWrite(queryClient, { queryKey: VENDOR_CARDS_KEY });
      void refreshAfterWrite(queryClient, { queryKey: VENDOR_DASHBOARD_KEY });
    },
  });
}
