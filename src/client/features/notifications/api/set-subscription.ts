import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as notificationsApi from '@shared/notifications/contract';
import { callApi } from '@client/lib/api-client';
import { EMAIL_PREFERENCES_QUERY_KEY } from './get-email-preferences';

export type SubscriptionAction = 'unsubscribe' | 'resubscribe';

/** Unsubscribe from all e-mails, or resubscribe: the toggles are kept either way. */
export function setSubscription(action: SubscriptionAction) {
  return callApi(action === 'unsubscribe' ? notificationsApi.unsubscribe : notificationsApi.resubscribe);
}

export function useSetSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubscription,
    onSuccess: (response) => queryClient.setQueryData(EMAIL_PREFERENCES_QUERY_KEY, response),
  });
}
