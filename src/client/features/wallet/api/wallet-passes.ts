import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as walletApi from '@shared/wallet/contract';

/** Which wallets the server has keys for: it changes only with a restart. */
export function useWalletAvailability() {
  return useQuery({
    queryKey: ['wallet', 'availability'],
    queryFn: ({ signal }) => callApi(walletApi.availability, { signal }),
    staleTime: Infinity,
  });
}

/** The "Save to Google Wallet" address of one held card (made on the server, signed there). */
export function useGoogleSaveLink() {
  return useMutation({
    mutationFn: (userCardId: string) => callApi(walletApi.googleSaveLink, { params: { userCardId } }),
  });
}
