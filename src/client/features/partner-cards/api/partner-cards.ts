import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardPartnerList, PartnerInvitationList } from '@shared/partner-cards';
import { apiFetch } from '@client/lib/api-client';

export const PARTNER_INVITATIONS_KEY = ['vendor', 'partner-invitations'] as const;
const cardPartnersKey = (cardId: string | null) => ['vendor', 'card-partners', cardId] as const;

/** The invitations waiting for this vendor and the partner cards it honours. */
export function usePartnerInvitations() {
  return useQuery({
    queryKey: PARTNER_INVITATIONS_KEY,
    queryFn: ({ signal }) => apiFetch<PartnerInvitationList>('/api/vendor/partner-invitations', { signal }),
  });
}

export function useRespondToInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, response }: { cardId: string; response: 'accept' | 'decline' | 'leave' }) =>
      apiFetch<PartnerInvitationList>(`/api/vendor/partner-invitations/${cardId}`, {
        method: 'POST',
        body: { response },
      }),
    onSuccess: (data) => queryClient.setQueryData(PARTNER_INVITATIONS_KEY, data),
  });
}

/** One of the vendor's own cards: its partners, every status. */
export function useCardPartners(cardId: string | null) {
  return useQuery({
    queryKey: cardPartnersKey(cardId),
    queryFn: ({ signal }) => apiFetch<CardPartnerList>(`/api/vendor/cards/${cardId}/partners`, { signal }),
    enabled: cardId !== null,
  });
}

export type PartnerChange =
  { kind: 'invite'; cardId: string; partner: string } | { kind: 'remove'; cardId: string; vendorId: string };

export function useChangePartners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PartnerChange) =>
      change.kind === 'invite'
        ? apiFetch<CardPartnerList>(`/api/vendor/cards/${change.cardId}/partners`, {
            method: 'POST',
            body: { partner: change.partner },
          })
        : apiFetch<CardPartnerList>(`/api/vendor/cards/${change.cardId}/partners/${change.vendorId}`, {
            method: 'DELETE',
          }),
    onSuccess: (data, change) => queryClient.setQueryData(cardPartnersKey(change.cardId), data),
  });
}
