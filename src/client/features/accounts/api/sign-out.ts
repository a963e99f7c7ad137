import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

export function signOut(): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/accounts/sign-out', { method: 'POST' });
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
