import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@client/lib/use-session';

/** The counter tablet's screen (Issue Stamp in kiosk mode). */
export const KIOSK_PATH = '/vendor/issue-stamp/kiosk';

/**
 * Which card this tab's kiosk shows, kept for the tab's life (sessionStorage): a reload, the back
 * button or a typed address in this tab comes back to the kiosk until staff leave it with the PIN.
 */
const KIOSK_STORAGE_KEY = 'chaska:kiosk-card';
/** And the branch it was set up at (decision 089): its codes, and so its stamps, name it. */
const KIOSK_BRANCH_KEY = 'chaska:kiosk-branch';

export function kioskPathFor(cardId: string, branchId: string | null = lockedKioskBranch()): string {
  const branch = branchId ? `&branch=${encodeURIComponent(branchId)}` : '';
  return `${KIOSK_PATH}?card=${encodeURIComponent(cardId)}${branch}`;
}

export function lockedKioskCard(): string | null {
  try {
    return sessionStorage.getItem(KIOSK_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function lockedKioskBranch(): string | null {
  try {
    return sessionStorage.getItem(KIOSK_BRANCH_KEY);
  } catch {
    return null;
  }
}

export function lockKiosk(cardId: string, branchId: string | null = null): void {
  try {
    sessionStorage.setItem(KIOSK_STORAGE_KEY, cardId);
    if (branchId) sessionStorage.setItem(KIOSK_BRANCH_KEY, branchId);
    else sessionStorage.removeItem(KIOSK_BRANCH_KEY);
  } catch {
    // Storage refused (a private window's quota): the kiosk still runs, a reload leaves it.
  }
}

export function unlockKiosk(): void {
  try {
    sessionStorage.removeItem(KIOSK_STORAGE_KEY);
    sessionStorage.removeItem(KIOSK_BRANCH_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * Around every page: while this tab's kiosk is locked, any other page of the signed-in vendor
 * member leads back to it. Signed out, there is nothing to keep from the counter, so the lock goes.
 */
export function useKioskLock(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  useEffect(() => {
    const cardId = lockedKioskCard();
    if (!cardId || isLoading) return;
    if (!user?.membership) {
      unlockKiosk();
      return;
    }
    if (pathname !== KIOSK_PATH) void navigate(kioskPathFor(cardId), { replace: true });
  }, [pathname, navigate, user, isLoading]);
}
