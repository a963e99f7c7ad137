import { useMutation } from '@tanstack/react-query';
import type { MessageCustomerInput } from '@shared/customers/vendor-customers';
import { callApi } from '@client/lib/api-client';
import * as customersApi from '@shared/customers/contract';

export function messageCustomer({ userId, ...input }: MessageCustomerInput & { userId: string }) {
  return callApi(customersApi.message, { params: { userId }, body: input });
}

export function useMessageCustomer() {
  return useMutation({ mutationFn: messageCustomer });
}
