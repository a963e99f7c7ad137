import { useVendorCards } from '@client/features/cards/api/get-vendor-cards';
import { usePartnerInvitations } from '@client/features/cards/api/partner-cards';
import type { CounterCard } from './counter-code-panel';

/** The cards a counter can show: the vendor's own, then the partner cards it honours (named with their owner). */
export function useCounterCards() {
  const cards = useVendorCards();
  const partnerCards = usePartnerInvitations();
  const honoured: CounterCard[] = (partnerCards.data?.honouring ?? []).map((item) => ({
    id: item.cardId,
    name: item.cardName,
    status: item.cardStatus,
    stampsRequired: item.stampsRequired,
    rewardTitle: item.rewardTitle,
    partnerOf: item.ownerName,
  }));
  return { query: cards, counterCards: cards.data ? [...cards.data.cards, ...honoured] : [] };
}
