import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinCardResult } from '@shared/marketplace';
import { apiFetch } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';

export function joinCard(cardId: string): Promise<JoinCardResult> {
  return apiFetch<JoinCardResult>(`/api/marketplace/cards/${encodeURIComponent(cardId)}/join`, { method: 'POST' });
}

/** Adds a card to the signed-in customer; every list (stock, "in your cards", the dashboard) refreshes. */
export function useJoinCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinCard,
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] }),
  });
}
