import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateEmailPreferencesInput } from '@shared/notifications/email';
import { callApi } from '@client/lib/api-client';
import { EMAIL_PREFERENCES_QUERY_KEY } from './get-email-preferences';
import * as notificationsApi from '@shared/notifications/contract';

export function updateEmailPreferences(input: UpdateEmailPreferencesInput) {
  return callApi(notificationsApi.updatePreferences, { body: input });
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (response) => queryClient.setQueryData(EMAIL_PREFERENCES_QUERY_KEY, response),
  });
}
