import { useEffect, type ReactNode } from 'react';
import { callApi } from '@client/lib/api-client';
import { currentLanguage } from '@client/lib/i18n';
import { chosenInAddress, showLanguage } from '@client/lib/language';
import { SessionSummaryContext, type SessionSummary } from '@client/lib/session-summary-context';
import { dashboardPathFor, useSession } from '@client/lib/use-session';
import * as sessionApi from '@shared/accounts/session-contract';

/** Feeds the page chrome (header, landing) with the real session. */
export function SessionSummaryProvider({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const signedIn = user !== null;
  const accountLanguage = user?.language ?? null;
  // The account's language wins once signed in (chosen on another device, say), unless the switch
  // was tapped on this page before it was interactive (?lang=): that choice is the newest, and is
  // saved. An account that never chose keeps the language it was shown in, so its e-mails follow it.
  useEffect(() => {
    if (!signedIn) return;
    if (accountLanguage === null || (chosenInAddress() !== null && accountLanguage !== currentLanguage()))
      callApi(sessionApi.setLanguage, { body: { language: currentLanguage() } }).catch(() => undefined);
    else if (accountLanguage !== currentLanguage()) showLanguage(accountLanguage).catch(() => undefined);
  }, [signedIn, accountLanguage]);
  const summary: SessionSummary = isLoading
    ? { status: 'loading' }
    : user
      ? { status: 'signed-in', displayName: user.name || null, dashboardPath: dashboardPathFor(user) }
      : { status: 'signed-out' };
  return <SessionSummaryContext.Provider value={summary}>{children}</SessionSummaryContext.Provider>;
}
