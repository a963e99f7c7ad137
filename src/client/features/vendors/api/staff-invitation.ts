import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationPreview } from '@shared/vendor-profile';
import { apiFetch } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';

export function previewInvitation(token: string): Promise<InvitationPreview> {
  return apiFetch<InvitationPreview>('/api/vendor-invitations/preview', { method: 'POST', body: { token } });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['vendor-invitation', token],
    queryFn: () => previewInvitation(token),
    enabled: token !== '',
    retry: false,
  });
}

export function acceptInvitation(token: string): Promise<{ businessName: string }> {
  return apiFetch<{ businessName: string }>('/api/vendor-invitations/accept', { method: 'POST', body: { token } });
}

/** Accepting makes the person staff: the session (and with it the vendor area) refreshes. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
