/** The query parameter that carries a join across the sign-in detour. */
export const JOIN_PARAM = 'join';

/**
 * Where a signed-out visitor goes to join: /auth, then back to this very page (filters kept)
 * with ?join=<card>, where the page finishes the join once they are signed in.
 */
export function signInToJoinPath(location: { pathname: string; search: string }, cardId: string): string {
  const params = new URLSearchParams(location.search);
  params.set(JOIN_PARAM, cardId);
  return `/auth?next=${encodeURIComponent(`${location.pathname}?${params}`)}`;
}
