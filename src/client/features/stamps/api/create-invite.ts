import { useMutation } from '@tanstack/react-query';
import * as referralsApi from '@shared/contract/referrals';
import { callApi } from '@client/lib/api-client';

/** The customer's invitation (code and address) for one of their cards; the same code each time. */
export function useCreateInvite() {
  return useMutation({
    mutationFn: (cardId: string) => callApi(referralsApi.invite, { body: { cardId } }),
  });
}
