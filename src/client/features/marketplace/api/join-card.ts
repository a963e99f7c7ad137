import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import * as marketplaceApi from '@shared/marketplace/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function joinCard(cardId: string) {
  return callApi(marketplaceApi.joinCard, { params: { cardId } });
}

/** Adds a card to the signed-in customer; every list (stock, "in your cards", the dashboard) refreshes. */
export function useJoinCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinCard,
    onSettled: () =>
      refreshAfterWrite(queryClient, { predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] }),
  });
}
