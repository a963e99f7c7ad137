import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardStatus } from '@shared/cards';
import { apiFetch } from '@client/lib/api-client';

export type CardModeration =
  { cardId: string; action: 'pause' | 'remove'; reason: string } | { cardId: string; action: 'restore' };

/** Pause or remove a card with a reason the vendor is e-mailed, or restore a paused one. */
export function useModerateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moderation: CardModeration) =>
      apiFetch<{ id: string; status: CardStatus; moderationReason: string | null }>(
        `/api/admin/cards/${moderation.cardId}/${moderation.action}`,
        {
          method: 'POST',
          body: moderation.action === 'restore' ? undefined : { reason: moderation.reason },
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
