import { useMutation } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as vendorsApi from '@shared/vendors/contract';

/** Places matching an address, found by the server's geocoder, for the branch pin (decision 084). */
export function searchBranchAddress(q: string) {
  return callApi(vendorsApi.searchBranchAddress, { query: { q } });
}

/** A search the owner starts with its button: each press asks once, never as they type. */
export function useSearchBranchAddress() {
  return useMutation({ mutationFn: searchBranchAddress });
}
