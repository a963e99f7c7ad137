import { useMutation } from '@tanstack/react-query';
import type { MessageCustomerInput } from '@shared/customers/vendor-customers';
import { callApi } from '@client/lib/api-client';
import * as vendorCustomersApi from '@shared/contract/vendor-customers';

export function messageCustomer({ userId, ...input }: MessageCustomerInput & { userId: string }) {
  return callApi(vendorCustomersApi.message, { params: { userId }, body: input });
}

export function useMessageCustomer() {
  return useMutation({ mutationFn: messageCustomer });
}
