import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

let shownPath: string | null = null;
const waiting = new Set<{ pathname: string; resolve: () => void }>();

/**
 * Resolves once the screen for `pathname` is on the page. Navigations are React transitions that
 * commit later; a caller that must not act before (signing out leaves the guarded screen first)
 * waits for this.
 */
export function whenPathShown(pathname: string): Promise<void> {
  if (shownPath === pathname) return Promise.resolve();
  return new Promise((resolve) => waiting.add({ pathname, resolve }));
}

/** Called by the root layout: tells the waiting callers which path the page now shows. */
export function useReportShownPath(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    shownPath = pathname;
    for (const waiter of waiting) {
      if (waiter.pathname !== pathname) continue;
      waiting.delete(waiter);
      waiter.resolve();
    }
  }, [pathname]);
}
