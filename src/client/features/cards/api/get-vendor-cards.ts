import { useQuery } from '@tanstack/react-query';
import type { VendorCardList } from '@shared/vendor-cards';
import { apiFetch } from '@client/lib/api-client';

export const VENDOR_CARDS_KEY = ['vendor', 'cards'] as const;

export function fetchVendorCards(signal?: AbortSignal): Promise<VendorCardList> {
  return apiFetch<VendorCardList>('/api/vendor/cards', { signal });
}

export function useVendorCards() {
  return useQuery({ queryKey: VENDOR_CARDS_KEY, queryFn: ({ signal }) => fetchVendorCards(signal) });
}
