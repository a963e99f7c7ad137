import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

export function resendVerification(): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/accounts/verification/resend', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
