import { useState } from 'react';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Button } from '@client/components/ui/button';
import { FormField, Textarea } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useSession } from '@client/lib/use-session';
import {
  useChangeUserAccess,
  useCloseUser,
  type UserAccessAction,
} from '@client/features/accounts/api/change-user-access';
import { useUserDetail } from '@client/features/accounts/api/get-user-detail';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const CONFIRM = {
  disable: {
    title: 'admin:access.disableTitle',
    text: 'admin:access.disableText',
    label: 'admin:access.disable',
    danger: true,
  },
  enable: {
    title: 'admin:access.enableTitle',
    text: 'admin:access.enableText',
    label: 'admin:access.enable',
    danger: false,
  },
  'grant-admin': {
    title: 'admin:access.grantTitle',
    text: 'admin:access.grantText',
    label: 'admin:access.grant',
    danger: false,
  },
  'revoke-admin': {
    title: 'admin:access.revokeTitle',
    text: 'admin:access.revokeText',
    label: 'admin:access.revoke',
    danger: true,
  },
} as const satisfies Record<UserAccessAction, { title: string; text: string; label: string; danger: boolean }>;

const DONE = {
  disable: 'admin:access.disabledDone',
  enable: 'admin:access.enabledDone',
  'grant-admin': 'admin:access.grantedDone',
  'revoke-admin': 'admin:access.revokedDone',
} as const satisfies Record<UserAccessAction, string>;

/** Delete an account for good, with a reason: the person's own closing, run by an admin. */
function DeleteUserAction({
  userId,
  disabled,
  onResult,
}: {
  userId: string;
  disabled: boolean;
  onResult: (tone: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const closeUser = useCloseUser();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const run = () =>
    closeUser.mutate(
      { userId, reason },
      {
        onSuccess: () => {
          setOpen(false);
          onResult('success', t('admin:access.deletedDone'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.reason) {
            setReasonError(error.fields.reason);
            return;
          }
          setOpen(false);
          onResult('error', error instanceof ApiError ? error.message : t('admin:access.failed'));
        },
      },
    );
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        title={disabled ? t('admin:access.notSelf') : undefined}
        onClick={() => setOpen(true)}
      >
        {t('admin:access.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('admin:access.deleteTitle')}
        text={t('admin:access.deleteText')}
        confirmLabel={t('admin:access.delete')}
        tone="danger"
        busy={closeUser.isPending}
        onConfirm={run}
      >
        <FormField label={t('admin:access.deleteReason')} error={reasonError}>
          <Textarea rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
      </ConfirmDialog>
    </>
  );
}

/** Disable or enable, grant or revoke admin, delete; an admin cannot do these to themselves. */
export function UserAccessActions({
  userId,
  onResult,
}: {
  userId: string;
  onResult: (tone: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { user: me } = useSession();
  const detail = useUserDetail(userId);
  const change = useChangeUserAccess();
  const [confirming, setConfirming] = useState<UserAccessAction | null>(null);
  const user = detail.data;
  // A closed account is nobody's any more: nothing is left to change.
  if (!user || user.closedAt) return null;
  const isSelf = me?.id === user.id;

  const run = (action: UserAccessAction) =>
    change.mutate(
      { userId, action },
      {
        onSuccess: (result) => {
          setConfirming(null);
          onResult(
            'success',
            result.reappliedAtStart ? t('admin:access.reapplied', { done: t(DONE[action]) }) : t(DONE[action]),
          );
        },
        onError: (error) => {
          setConfirming(null);
          onResult('error', error instanceof ApiError ? error.message : t('admin:access.failed'));
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
          title={isSelf ? t('admin:access.notSelf') : undefined}
          onClick={() => setConfirming(action)}
        >
          {t(CONFIRM[action].label)}
        </Button>
      ))}
      <DeleteUserAction userId={user.id} disabled={isSelf} onResult={onResult} />
      {user.isAdmin ? <p className="w-full text-xs text-stone-500">{t('admin:access.adminEmails')}</p> : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirm ? t(confirm.title) : ''}
        text={confirm ? t(confirm.text) : undefined}
        confirmLabel={confirm ? t(confirm.label) : undefined}
        tone={confirm?.danger ? 'danger' : 'default'}
        busy={change.isPending}
        onConfirm={() => confirming && run(confirming)}
      />
    </>
  );
}
