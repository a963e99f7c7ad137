import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Me } from '@shared/accounts/accounts';
import { callApi } from '@client/lib/api-client';
import * as sessionApi from '@shared/accounts/session-contract';

export const SESSION_QUERY_KEY = ['me'] as const;

export type SessionUser = NonNullable<Me['user']>;

const SESSION_STALE_MS = 60_000;

export function fetchMe() {
  return callApi(sessionApi.me);
}

/** The signed-in person (or null), their roles and the server's feature switches. */
export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchMe, staleTime: SESSION_STALE_MS });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }), [queryClient]);
  return {
    isLoading: query.isPending,
    user: query.data?.user ?? null,
    features: query.data?.features ?? { google: false, demoMode: false, phoneSignIn: false },
    error: query.error,
    refresh,
  };
}

/**
 * Asks for the session as the app starts, before React's first render: the header and every
 * guarded screen (and /auth) wait for it, and a query would only start once that render is done.
 */
export function prefetchSession(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchMe, staleTime: SESSION_STALE_MS });
}

/** Where "Dashboard" leads: admins to /admin, vendor members to /vendor, customers to /user. */
export function dashboardPathFor(user: SessionUser): string {
  if (user.isAdmin) return '/admin';
  if (user.membership) return '/vendor';
  return '/user';
}
