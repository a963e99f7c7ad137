import { useMutation } from '@tanstack/react-query';
import type { TwoFactorEnrolment, TwoFactorPasswordInput } from '@shared/accounts';
import { apiFetch } from '@client/lib/api-client';

/** Step 1 of enrolment: the password; answers the authenticator link and the backup codes, once. */
export function startTwoFactor(input: TwoFactorPasswordInput): Promise<TwoFactorEnrolment> {
  return apiFetch<TwoFactorEnrolment>('/api/accounts/two-factor/enable', { method: 'POST', body: input });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
