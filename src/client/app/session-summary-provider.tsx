import type { ReactNode } from 'react';
import { SessionSummaryContext, type SessionSummary } from '@client/lib/session-summary-context';
import { dashboardPathFor, useSession } from '@client/lib/use-session';

/** Feeds the page chrome (header, landing) with the real session. */
export function SessionSummaryProvider({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const summary: SessionSummary = isLoading
    ? { status: 'loading' }
    : user
      ? { status: 'signed-in', displayName: user.name || null, dashboardPath: dashboardPathFor(user) }
      : { status: 'signed-out' };
  return <SessionSummaryContext.Provider value={summary}>{children}</SessionSummaryContext.Provider>;
}
