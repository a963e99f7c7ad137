import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import * as vendorsApi from '@shared/vendors/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function previewInvitation(token: string) {
  return callApi(vendorsApi.previewInvitation, { body: { token } });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['vendor-invitation', token],
    queryFn: () => previewInvitation(token),
    enabled: token !== '',
    retry: false,
  });
}

export function acceptInvitation(token: string) {
  return callApi(vendorsApi.acceptInvitation, { body: { token } });
}

/** Accepting makes the person staff: the session (and with it the vendor area) refreshes. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: SESSION_QUERY_KEY }),
  });
}
