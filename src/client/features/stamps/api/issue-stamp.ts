import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as stampsApi from '@shared/stamps/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function lookupCustomerCode(customerCode: string) {
  return callApi(stampsApi.lookupCustomerCode, { body: { customerCode } });
}

export function issueStamp(input: {
  customerCode: string;
  cardId: string;
  quantity?: number;
  pin?: string;
  branchId?: string;
}) {
  return callApi(stampsApi.issueStamp, { body: input });
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
    onSuccess: () => void refreshAfterWrite(queryClient, { queryKey: ['vendor'] }),
  });
}

/** Find a customer without a smartphone by their exact mobile number (where the owner allows it). */
export function useLookupCustomerByPhone() {
  return useMutation({
    mutationFn: (phoneNumber: string) => callApi(stampsApi.lookupCustomerByPhone, { body: { phoneNumber } }),
  });
}

/** Stamp the chosen card for the customer found by number; they get a receipt by WhatsApp or SMS. */
export function useStampByPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phoneNumber: string; cardId: string; quantity?: number; pin?: string; branchId?: string }) =>
      callApi(stampsApi.stampByPhone, { body: input }),
    onSuccess: () => void refreshAfterWrite(queryClient, { queryKey: ['vendor'] }),
  });
}
