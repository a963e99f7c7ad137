import { useMutation } from '@tanstack/react-query';
import * as stampsApi from '@shared/stamps/contract';
import { callApi } from '@client/lib/api-client';

/** The friend accepts a referral code (signed in). */
export function useClaimReferral() {
  return useMutation({
    mutationFn: (code: string) => callApi(stampsApi.claim, { body: { code } }),
  });
}
