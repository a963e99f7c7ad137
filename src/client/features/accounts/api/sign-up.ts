import { useMutation } from '@tanstack/react-query';
import type { Me, SignUpInput } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';

export function signUp(input: SignUpInput): Promise<Me> {
  return apiFetch<Me>('/api/accounts/sign-up', { method: 'POST', body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
