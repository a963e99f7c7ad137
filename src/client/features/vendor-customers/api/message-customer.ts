import { useMutation } from '@tanstack/react-query';
import type { MessageCustomerInput, MessageCustomerResult } from '@shared/vendor-customers';
import { apiFetch } from '@client/lib/api-client';

export function messageCustomer({
  userId,
  ...input
}: MessageCustomerInput & { userId: string }): Promise<MessageCustomerResult> {
  return apiFetch<MessageCustomerResult>(`/api/vendor/customers/${encodeURIComponent(userId)}/message`, {
    method: 'POST',
    body: input,
  });
}

export function useMessageCustomer() {
  return useMutation({ mutationFn: messageCustomer });
}
