import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as notificationsApi from '@shared/notifications/contract';

export const EMAIL_PREFERENCES_QUERY_KEY = ['notifications', 'email-preferences'] as const;

export function getEmailPreferences() {
  return callApi(notificationsApi.preferences);
}

export function useEmailPreferences() {
  return useQuery({ queryKey: EMAIL_PREFERENCES_QUERY_KEY, queryFn: getEmailPreferences, retry: 1 });
}
