import { useState } from 'react';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import { useSession } from '@client/lib/use-session';
import { useChangeUserAccess, type UserAccessAction } from '@client/features/admin/api/change-user-access';
import { useUserDetail } from '@client/features/admin/api/get-user-detail';

const CONFIRM: Record<UserAccessAction, { title: string; text: string; label: string; danger: boolean }> = {
  disable: {
    title: 'Disable this account?',
    text: 'The person is signed out everywhere at once and cannot sign in until you enable the account.',
    label: 'Disable',
    danger: true,
  },
  enable: { title: 'Enable this account?', text: 'The person can sign in again.', label: 'Enable', danger: false },
  'grant-admin': {
    title: 'Make this person an admin?',
    text: 'Admins can see and change everything on the platform.',
    label: 'Grant admin',
    danger: false,
  },
  'revoke-admin': {
    title: 'Revoke admin rights?',
    text: 'The person keeps their account but loses the admin area. Addresses listed in ADMIN_EMAILS are granted admin again when the server restarts.',
    label: 'Revoke admin',
    danger: true,
  },
};

const DONE: Record<UserAccessAction, string> = {
  disable: 'The account is disabled and its sessions are ended.',
  enable: 'The account is enabled.',
  'grant-admin': 'Admin rights granted.',
  'revoke-admin': 'Admin rights revoked.',
};

/** Disable or enable, grant or revoke admin; an admin cannot do either to themselves. */
export function UserAccessActions({
  userId,
  onResult,
}: {
  userId: string;
  onResult: (tone: 'success' | 'error', text: string) => void;
}) {
  const { user: me } = useSession();
  const detail = useUserDetail(userId);
  const change = useChangeUserAccess();
  const [confirming, setConfirming] = useState<UserAccessAction | null>(null);
  const user = detail.data;
  if (!user) return null;
  const isSelf = me?.id === user.id;

  const run = (action: UserAccessAction) =>
    change.mutate(
      { userId, action },
      {
        onSuccess: (result) => {
          setConfirming(null);
          onResult(
            'success',
            result.reappliedAtStart
              ? `${DONE[action]} This address is in ADMIN_EMAILS, so it becomes an admin again when the server restarts.`
              : DONE[action],
          );
        },
        onError: (error) => {
          setConfirming(null);
          onResult(
            'error',
            error instanceof ApiError ? error.message : 'The change could not be saved. Please try again.',
          );
        },
      },
    );

  const actions: UserAccessAction[] = [
    user.disabledAt ? 'enable' : 'disable',
    user.isAdmin ? 'revoke-admin' : 'grant-admin',
  ];
  const confirm = confirming ? CONFIRM[confirming] : null;
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          variant={CONFIRM[action].danger ? 'outline' : 'secondary'}
          size="sm"
          disabled={isSelf && (action === 'disable' || action === 'revoke-admin')}
          title={isSelf ? 'You cannot do this to your own account.' : undefined}
          onClick={() => setConfirming(action)}
        >
          {CONFIRM[action].label}
        </Button>
      ))}
      {user.isAdmin ? (
        <p className="w-full text-xs text-stone-500">
          Addresses in ADMIN_EMAILS are granted admin again at every server start.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirm?.title ?? ''}
        text={confirm?.text}
        confirmLabel={confirm?.label}
        tone={confirm?.danger ? 'danger' : 'default'}
        busy={change.isPending}
        onConfirm={() => confirming && run(confirming)}
      />
    </>
  );
}
