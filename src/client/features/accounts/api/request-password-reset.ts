import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

/** The server answers the same whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/accounts/password-reset/request', { method: 'POST', body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
