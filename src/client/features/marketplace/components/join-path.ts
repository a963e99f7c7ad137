import { JOIN_PARAM } from '@shared/marketplace/join-code';

/** The query parameter that carries a join across the sign-in detour, and that a printed join code opens. */
export { JOIN_PARAM };

/**
 * Where a signed-out visitor goes to join: /auth, then back to this very page (filters kept)
 * with ?join=<card>, where the page finishes the join once they are signed in.
 */
export function signInToJoinPath(location: { pathname: string; search: string }, cardId: string): string {
  return `/auth?next=${encodeURIComponent(returnToJoinPath(location, cardId))}`;
}

/** The page to come back to after signing in, with the card to join: /auth's `next`. */
export function returnToJoinPath(location: { pathname: string; search: string }, cardId: string): string {
  const params = new URLSearchParams(location.search);
  params.set(JOIN_PARAM, cardId);
  return `${location.pathname}?${params}`;
}
