import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as cardsApi from '@shared/cards/contract';

export const PARTNER_INVITATIONS_KEY = ['vendor', 'partner-invitations'] as const;
const cardPartnersKey = (cardId: string | null) => ['vendor', 'card-partners', cardId] as const;

/** The invitations waiting for this vendor and the partner cards it honours. */
export function usePartnerInvitations() {
  return useQuery({
    queryKey: PARTNER_INVITATIONS_KEY,
    queryFn: ({ signal }) => callApi(cardsApi.invitations, { signal }),
  });
}

export function useRespondToInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, response }: { cardId: string; response: 'accept' | 'decline' | 'leave' }) =>
      callApi(cardsApi.respondToInvitation, { params: { cardId }, body: { response } }),
    onSuccess: (data) => queryClient.setQueryData(PARTNER_INVITATIONS_KEY, data),
  });
}

/** One of the vendor's own cards: its partners, every status. */
export function useCardPartners(cardId: string | null) {
  return useQuery({
    queryKey: cardPartnersKey(cardId),
    queryFn: ({ signal }) => callApi(cardsApi.partners, { params: { id: cardId ?? '' }, signal }),
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
        ? callApi(cardsApi.invitePartner, { params: { id: change.cardId }, body: { partner: change.partner } })
        : callApi(cardsApi.removePartner, { params: { id: change.cardId, vendorId: change.vendorId } }),
    onSuccess: (data, change) => queryClient.setQueryData(cardPartnersKey(change.cardId), data),
  });
}
