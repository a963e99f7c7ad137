import { createContext, useContext } from 'react';

/**
 * What the page chrome needs to know about the visitor. The session feature provides the real
 * value later; until then everyone is signed out, so public pages never wait on a request.
 */
export type SessionSummary =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; displayName: string | null; dashboardPath: string };

export const SIGNED_OUT: SessionSummary = { status: 'signed-out' };

export const SessionSummaryContext = createContext<SessionSummary>(SIGNED_OUT);

export function useSessionSummary(): SessionSummary {
  return useContext(SessionSummaryContext);
}
