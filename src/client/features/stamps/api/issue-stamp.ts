import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerCodeLookup, StampResult } from '@shared/stamps';
import { apiFetch } from '@client/lib/api-client';

export function lookupCustomerCode(customerCode: string): Promise<CustomerCodeLookup> {
  return apiFetch<CustomerCodeLookup>('/api/vendor/stamps/lookup', { method: 'POST', body: { customerCode } });
}

export function issueStamp(input: { customerCode: string; cardId: string }): Promise<StampResult> {
  return apiFetch<StampResult>('/api/vendor/stamps', { method: 'POST', body: input });
}

/** Read a customer's My QR code, to show whose it is and their cards here. */
export function useLookupCustomerCode() {
  return useMutation({ mutationFn: lookupCustomerCode });
}

/** Stamp the chosen card for the customer whose code was read. */
export function useIssueStamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueStamp,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['vendor'] }),
  });
}
