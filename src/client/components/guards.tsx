import type { ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { useSession, type SessionUser } from '@client/lib/use-session';
import { isNetworkFailure } from '@client/lib/api-client';

/** The path to come back to after signing in. */
export function signInPathFor(location: { pathname: string; search: string }): string {
  return `/auth?next=${encodeURIComponent(location.pathname + location.search)}`;
}

interface GuardProps {
  children: ReactNode | ((user: SessionUser) => ReactNode);
}

function render(children: GuardProps['children'], user: SessionUser): ReactNode {
  return typeof children === 'function' ? children(user) : children;
}

/** No session: to /auth (and back here afterwards). A spinner shows while the session loads. */
export function RequireAuth({ children }: GuardProps) {
  const { t } = useTranslation();
  const { user, isLoading, error } = useSession();
  const location = useLocation();
  // A session nobody could ask for (no signal) is not a signed-out one: wait for the kept copy or the signal.
  if (isLoading || (!user && isNetworkFailure(error))) return <FullPageSpinner label={t('common:loading')} />;
  if (!user) return <Navigate to={signInPathFor(location)} replace />;
  return <>{render(children, user)}</>;
}

/**
 * Admins only; everyone else goes to /user (SPEC.md section 6). An admin without two-factor
 * sign-in goes to set it up first (the API answers two_factor_required until then).
 */
export function RequireAdmin({ children }: GuardProps) {
  const location = useLocation();
  return (
    <RequireAuth>
      {(user) => {
        if (!user.isAdmin) return <Navigate to="/user" replace />;
        if (!user.twoFactorEnabled) {
          return (
            <Navigate
              to={`/account/security?next=${encodeURIComponent(location.pathname + location.search)}`}
              replace
            />
          );
        }
        return render(children, user);
      }}
    </RequireAuth>
  );
}

/**
 * Members (owner or staff) of a vendor. A pending or rejected applicant still gets through, so
 * the vendor screens can show the application's status; the API refuses what they may not do.
 */
export function RequireVendor({ children, ownerOnly = false }: GuardProps & { ownerOnly?: boolean }) {
  return (
    <RequireAuth>
      {(user) => {
        if (!user.membership) return <Navigate to="/vendor-signup" replace />;
        if (ownerOnly && user.membership.role !== 'owner') return <Navigate to="/vendor" replace />;
        return render(children, user);
      }}
    </RequireAuth>
  );
}
