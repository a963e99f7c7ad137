import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@shared/accounts/accounts';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';

const isSessionQuery = (queryKey: readonly unknown[]) => queryKey[0] === SESSION_QUERY_KEY[0];

/**
 * A new person is signed in: nothing cached for the previous visitor may leak into their
 * screens. The session is the server's answer to the sign-in when there is one (asking again
 * costs a round trip, a second at a counter on a slow network), otherwise it is read again.
 */
export async function adoptNewSession(queryClient: QueryClient, me?: Me): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  if (me) queryClient.setQueryData(SESSION_QUERY_KEY, me);
  else await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** Signed out: drop every cached answer and mark the session empty. */
export async function forgetSession(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  queryClient.setQueryData<Me>(SESSION_QUERY_KEY, (previous) => ({
    user: null,
    features: previous?.features ?? { google: false, demoMode: false, phoneSignIn: false },
  }));
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}
