import { useMutation } from '@tanstack/react-query';
import type { Me, SignInInput } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';

export function signIn(input: SignInInput): Promise<Me> {
  return apiFetch<Me>('/api/accounts/sign-in', { method: 'POST', body: input });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
