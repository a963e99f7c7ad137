import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';
import { EXCLUSIVES_KEY } from './list-exclusives';

type FeaturedChange = { cardId: string; featuredOrder: number | null } | { cardId: string; direction: 'up' | 'down' };

/** Set a card's featured place (or take it out), or move it one place up or down. */
export function useChangeFeaturedOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FeaturedChange) =>
      'direction' in change
        ? apiFetch<{ id: string; featuredOrder: number | null }>(`/api/admin/cards/${change.cardId}/move`, {
            method: 'POST',
            body: { direction: change.direction },
          })
        : apiFetch<{ id: string; featuredOrder: number | null }>(`/api/admin/cards/${change.cardId}/featured-order`, {
            method: 'PUT',
            body: { featuredOrder: change.featuredOrder },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXCLUSIVES_KEY }),
  });
}
