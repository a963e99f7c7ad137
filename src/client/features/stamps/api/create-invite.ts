import { useMutation } from '@tanstack/react-query';
import * as stampsApi from '@shared/stamps/contract';
import { callApi } from '@client/lib/api-client';

/** The customer's invitation (code and address) for one of their cards; the same code each time. */
export function useCreateInvite() {
  return useMutation({
    mutationFn: (cardId: string) => callApi(stampsApi.invite, { body: { cardId } }),
  });
}
