import { clsx } from 'clsx';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@client/lib/translation';
import { Button, type ButtonSize } from '@client/components/ui/button';
import { useSessionSummary } from '@client/lib/session-summary-context';

export interface HeaderActionsProps {
  size?: ButtonSize;
  /** Stacks the buttons full width, for the phone menu. */
  stacked?: boolean;
  /** Called after a link is followed, so a menu can close itself. */
  onNavigate?: () => void;
  className?: string;
}

/**
 * Sign in / Get Started for visitors, a Dashboard link once signed in. It reads the session
 * summary from context, so the chrome changes without the layouts knowing about sessions.
 */
export function HeaderActions({ size = 'sm', stacked = false, onNavigate, className }: HeaderActionsProps) {
  const session = useSessionSummary();
  const { t } = useTranslation();
  const layout = clsx('flex gap-2', stacked ? 'flex-col [&>*]:w-full' : 'items-center', className);

  if (session.status === 'loading') {
    // Holds the space so the header does not jump when the session arrives.
    return (
      <div aria-hidden="true" className={clsx(layout, 'invisible')}>
        <Button size={size}>{t('common:header.getStarted')}</Button>
      </div>
    );
  }

  if (session.status === 'signed-in') {
    return (
      <div className={layout}>
        <Button asChild size={size}>
          <Link to={session.dashboardPath} onClick={onNavigate}>
            <LayoutDashboard aria-hidden="true" />
            {t('common:header.dashboard')}
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <div className={layout}>
      <Button asChild variant="outline" size={size}>
        <Link to="/auth" onClick={onNavigate}>
          {t('common:header.signIn')}
        </Link>
      </Button>
      <Button asChild size={size}>
        {/* Newcomers land on the sign-up tab of /auth. */}
        <Link to="/auth?mode=sign-up" onClick={onNavigate}>
          {t('common:header.getStarted')}
        </Link>
      </Button>
    </div>
  );
}
