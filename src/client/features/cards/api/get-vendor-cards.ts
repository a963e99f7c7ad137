import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as cardsApi from '@shared/cards/contract';

export const VENDOR_CARDS_KEY = ['vendor', 'cards'] as const;

export function fetchVendorCards(signal?: AbortSignal) {
  return callApi(cardsApi.list, { signal });
}

export function useVendorCards() {
  return useQuery({ queryKey: VENDOR_CARDS_KEY, queryFn: ({ signal }) => fetchVendorCards(signal) });
}
