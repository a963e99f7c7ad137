import { useMutation } from '@tanstack/react-query';
import type { Me, TwoFactorCodeInput } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';

/** The second step of a sign-in with two-factor on: a code from the app, or a backup code. */
export function signInWithCode(input: TwoFactorCodeInput): Promise<Me> {
  return apiFetch<Me>('/api/accounts/sign-in/two-factor', { method: 'POST', body: input });
}

export function useSignInWithCode() {
  return useMutation({ mutationFn: signInWithCode });
}
