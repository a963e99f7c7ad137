import { useQuery } from '@tanstack/react-query';
import type { UnsubscribeLinkInput } from '@shared/notifications/email';
import { callApi } from '@client/lib/api-client';
import * as notificationsApi from '@shared/notifications/contract';

export function unsubscribeByLink(link: UnsubscribeLinkInput) {
  return callApi(notificationsApi.unsubscribeByLink, { body: link });
}

/**
 * A query rather than a mutation so the call runs once per link even when React mounts the
 * page twice; it is idempotent on the server anyway. Works signed out.
 */
export function useUnsubscribeByLink(link: UnsubscribeLinkInput | null) {
  return useQuery({
    queryKey: ['notifications', 'unsubscribe-link', link?.u, link?.t],
    queryFn: () => unsubscribeByLink(link!),
    enabled: link !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
