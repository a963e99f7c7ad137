import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { msUntilRefresh } from '@client/components/codes/rotating-code-timing';
import * as stampsApi from '@shared/stamps/contract';

export function getMyCode() {
  return callApi(stampsApi.myCode);
}

/** The customer's own rotating code (My QR), fetched again whenever it is due to rotate. */
export function useMyCode() {
  return useQuery({
    queryKey: ['customer', 'my-code'],
    queryFn: getMyCode,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => msUntilRefresh(query.state.data),
    refetchIntervalInBackground: false,
    // Back on the screen after a while: the old code has expired, so fetch a fresh one.
    refetchOnWindowFocus: true,
  });
}
