import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferencesResponse, UpdateEmailPreferencesInput } from '@shared/email';
import { apiFetch } from '@client/lib/api-client';
import { EMAIL_PREFERENCES_QUERY_KEY } from './get-email-preferences';

export function updateEmailPreferences(input: UpdateEmailPreferencesInput): Promise<EmailPreferencesResponse> {
  return apiFetch<EmailPreferencesResponse>('/api/email-preferences', { method: 'PUT', body: input });
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (response) => queryClient.setQueryData(EMAIL_PREFERENCES_QUERY_KEY, response),
  });
}
