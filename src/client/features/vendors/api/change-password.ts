import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/vendor-profile';
import { apiFetch } from '@client/lib/api-client';

export function changePassword(input: ChangePasswordInput): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/vendor/account/password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
