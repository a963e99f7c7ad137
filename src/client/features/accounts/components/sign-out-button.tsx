import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import { useNavigate } from 'react-router';
import { Button, type ButtonSize, type ButtonVariant } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@client/components/ui/dialog';
import { whenPathShown } from '@client/lib/shown-path';
import { useSignOut } from '@client/features/accounts/api/sign-out';
import '@client/features/accounts/account-texts';
import { serverErrorText } from '@client/features/accounts/error-text';
import { forgetSession } from '@client/features/accounts/session-cache';
import { wipeOfflineData } from '@client/lib/offline/offline-storage';

export interface SignOutButtonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** The label; "Sign out" (account:signOut.button) by default. */
  children?: ReactNode;
  /** Called after signing out, for example to close a menu. */
  onSignedOut?: () => void;
}

/**
 * Ends the session on the server, forgets everything cached for this person and goes to the
 * home page. Any screen can place it; a failure is explained in a small dialog.
 */
export function SignOutButton({
  variant = 'outline',
  size = 'sm',
  className,
  children,
  onSignedOut,
}: SignOutButtonProps) {
  const { t } = useTranslation('account');
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  async function handleClick() {
    try {
      // This browser's notifications are the person's: forgotten while the session still holds
      // (a chunk of its own, so the pages with this button download none of it first).
      await import('@client/features/notifications/forget-push').then((push) => push.forgetThisBrowserPush());
      await signOut.mutateAsync();
    } catch (error) {
      setFailure(serverErrorText(error) ?? t('account:somethingWrong'));
      return;
    }
    // Leave the signed-in screen first, so its guard does not send us to /auth on the way out.
    void navigate('/');
    await whenPathShown('/');
    // The copy kept for offline use and this device's code secret are the person's too.
    await wipeOfflineData();
    await forgetSession(queryClient);
    onSignedOut?.();
  }

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        busy={signOut.isPending}
        onClick={() => void handleClick()}
      >
        <LogOut aria-hidden="true" />
        {children ?? t('account:signOut.button')}
      </Button>
      <Dialog open={failure !== null} onOpenChange={(open) => (open ? undefined : setFailure(null))}>
        <DialogContent title={t('account:signOut.failedTitle')} description={failure ?? undefined} hideCloseButton>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline">{t('account:signOut.close')}</Button>
            </DialogClose>
            <Button
              onClick={() => {
                setFailure(null);
                void handleClick();
              }}
            >
              {t('account:tryAgain')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
