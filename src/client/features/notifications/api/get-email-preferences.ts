import { useQuery } from '@tanstack/react-query';
import type { EmailPreferencesResponse } from '@shared/email';
import { apiFetch } from '@client/lib/api-client';

export const EMAIL_PREFERENCES_QUERY_KEY = ['notifications', 'email-preferences'] as const;

export function getEmailPreferences(): Promise<EmailPreferencesResponse> {
  return apiFetch<EmailPreferencesResponse>('/api/email-preferences');
}

export function useEmailPreferences() {
  return useQuery({ queryKey: EMAIL_PREFERENCES_QUERY_KEY, queryFn: getEmailPreferences, retry: 1 });
}
