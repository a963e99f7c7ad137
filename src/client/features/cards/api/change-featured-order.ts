import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { EXCLUSIVES_KEY } from './list-exclusives';
import * as cardsApi from '@shared/cards/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

type FeaturedChange = { cardId: string; featuredOrder: number | null } | { cardId: string; direction: 'up' | 'down' };

/** Set a card's featured place (or take it out), or move it one place up or down. */
export function useChangeFeaturedOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FeaturedChange) =>
      'direction' in change
        ? callApi(cardsApi.moveFeatured, { params: { id: change.cardId }, body: { direction: change.direction } })
        : callApi(cardsApi.setFeaturedOrder, {
            params: { id: change.cardId },
            body: { featuredOrder: change.featuredOrder },
          }),
    onSettled: () => refreshAfterWrite(queryClient, { queryKey: EXCLUSIVES_KEY }),
  });
}
