import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as notificationsApi from '@shared/notifications/contract';
import { callApi } from '@client/lib/api-client';
import {
  browserSupportsPush,
  subscribeThisBrowser,
  subscribedWith,
  unsubscribeThisBrowser,
} from '@client/features/notifications/browser-push';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

const PUSH_KEY_KEY = ['push', 'key'] as const;
export const PUSH_STATE_KEY = ['push', 'this-browser'] as const;

/**
 * The server's VAPID key, or null while push is off there (decision 042). Unsupported browsers
 * never ask. Nothing about push is shown unless this gives a key.
 */
export function usePushKey() {
  const supported = browserSupportsPush();
  const key = useQuery({
    queryKey: PUSH_KEY_KEY,
    queryFn: () => callApi(notificationsApi.key),
    enabled: supported,
    staleTime: Infinity,
  });
  return supported ? (key.data?.publicKey ?? null) : null;
}

/** Whether this browser is subscribed now with the server's key (the browser's own answer, not a guess). */
export function usePushState(publicKey: string | null) {
  return useQuery({
    queryKey: PUSH_STATE_KEY,
    queryFn: async () => ({
      subscribed: publicKey !== null && (await subscribedWith(publicKey)),
      permission: Notification.permission,
    }),
    enabled: publicKey !== null,
  });
}

/** Turns push on (asking the browser's permission, then subscribing) or off for this browser. */
export function useSetPush(publicKey: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      if (!on)
        return unsubscribeThisBrowser((endpoint) => callApi(notificationsApi.unsubscribePush, { body: { endpoint } }));
      if (!publicKey) throw new Error('push is off');
      return subscribeThisBrowser(publicKey, (subscription) =>
        callApi(notificationsApi.subscribePush, { body: subscription }),
      );
    },
    onSettled: () => refreshAfterWrite(queryClient, { queryKey: PUSH_STATE_KEY }),
  });
}
