import { useMutation } from '@tanstack/react-query';
import type { SignInInput, SignInResponse } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';

/** Signed in (user set), or `twoFactorRequired`: the password was right and the code comes next. */
export function signIn(input: SignInInput): Promise<SignInResponse> {
  return apiFetch<SignInResponse>('/api/accounts/sign-in', { method: 'POST', body: input });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
