import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as cardsApi from '@shared/cards/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export type CardModeration =
  { cardId: string; action: 'pause' | 'remove'; reason: string } | { cardId: string; action: 'restore' };

function moderateCard(moderation: CardModeration) {
  const params = { id: moderation.cardId };
  if (moderation.action === 'restore') return callApi(cardsApi.restoreCard, { params });
  const route = moderation.action === 'pause' ? cardsApi.pauseCard : cardsApi.removeCard;
  return callApi(route, { params, body: { reason: moderation.reason } });
}

/** Pause or remove a card with a reason the vendor is e-mailed, or restore a paused one. */
export function useModerateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateCard,
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin'] }),
  });
}
