import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

export function completePasswordReset(input: { token: string; password: string }): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/accounts/password-reset/complete', { method: 'POST', body: input });
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
