import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as accountsApi from '@shared/accounts/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export type UserAccessAction = 'disable' | 'enable' | 'grant-admin' | 'revoke-admin';

const ROUTES = {
  disable: accountsApi.disableUser,
  enable: accountsApi.enableUser,
  'grant-admin': accountsApi.grantAdmin,
  'revoke-admin': accountsApi.revokeAdmin,
} satisfies Record<UserAccessAction, unknown>;

/** Disable or enable an account, grant or revoke admin. */
export function useChangeUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: UserAccessAction }) =>
      callApi(ROUTES[action], { params: { id: userId } }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin', 'users'] }),
  });
}

/** Delete an account (the person's own closing, with the admin's reason for the audit log). */
export function useCloseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      callApi(accountsApi.closeUser, { params: { id: userId }, body: { reason } }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: ['admin', 'users'] }),
  });
}
