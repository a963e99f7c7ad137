import { useMutation } from '@tanstack/react-query';
import * as referralsApi from '@shared/contract/referrals';
import { callApi } from '@client/lib/api-client';

/** The friend accepts a referral code (signed in). */
export function useClaimReferral() {
  return useMutation({
    mutationFn: (code: string) => callApi(referralsApi.claim, { body: { code } }),
  });
}
