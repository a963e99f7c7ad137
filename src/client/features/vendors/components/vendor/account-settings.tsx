import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import { changePasswordSchema, type ChangePasswordInput } from '@shared/vendors/vendor-profile';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FormField, Input } from '@client/components/ui/form-field';
import { TwoFactorSettings } from '@client/features/accounts/components/two-factor-settings';
import { hasFieldErrors, showFieldErrors } from '@client/lib/form-errors';
import { useChangePassword } from '@client/features/vendors/api/change-password';
import { useCloseVendorAccount } from '@client/features/vendors/api/close-vendor-account';
import { useDownload } from '@client/lib/download-file';

function ChangePasswordForm() {
  const { t } = useTranslation('vendor');
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = useChangePassword();
  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
    } catch (error) {
      showFieldErrors(form.setError, error);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-stone-900">{t('vendor:account.changePassword')}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('vendor:account.currentPassword')} error={form.formState.errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField
          label={t('vendor:account.newPassword')}
          hint={t('vendor:account.newPasswordHint')}
          error={form.formState.errors.newPassword?.message}
        >
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
      </div>
      {change.isSuccess ? <Banner tone="success">{t('vendor:account.passwordChanged')}</Banner> : null}
      {change.error && !hasFieldErrors(change.error) ? <Banner tone="error">{change.error.message}</Banner> : null}
      <div>
        <Button type="submit" variant="outline" busy={change.isPending}>
          {t('vendor:account.changePassword')}
        </Button>
      </div>
    </form>
  );
}

/** SPEC.md's Account Settings: password, two-factor sign-in, data download, closing. */
export function AccountSettings({
  isOwner,
  businessName,
  closed,
}: {
  isOwner: boolean;
  businessName: string;
  closed: boolean;
}) {
  const { t } = useTranslation('vendor');
  const [confirmClose, setConfirmClose] = useState(false);
  const close = useCloseVendorAccount();
  const download = useDownload((error) =>
    error instanceof Error ? error.message : t('vendor:account.downloadFailed'),
  );

  return (
    <Card title={t('vendor:account.title')}>
      <div className="flex flex-col divide-y divide-stone-100 [&>*]:py-5 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
        <ChangePasswordForm />
        <TwoFactorSettings />
        {isOwner ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h3 className="text-sm font-semibold text-stone-900">{t('vendor:account.download')}</h3>
              <p className="text-sm text-stone-600">{t('vendor:account.downloadText')}</p>
              {download.error ? <p className="mt-1 text-sm font-medium text-red-700">{download.error}</p> : null}
            </div>
            <Button
              variant="outline"
              busy={download.busy}
              onClick={() => void download.start('/api/vendor/account/export', 'chaska-business-data.json')}
            >
              {t('vendor:account.download')}
            </Button>
          </div>
        ) : null}
        {isOwner ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h3 className="text-sm font-semibold text-red-800">{t('vendor:account.close')}</h3>
              <p className="text-sm text-stone-600">
                {closed ? t('vendor:account.closedText') : t('vendor:account.closeText')}
              </p>
              {close.error ? <p className="mt-1 text-sm font-medium text-red-700">{close.error.message}</p> : null}
            </div>
            <Button variant="danger" disabled={closed} onClick={() => setConfirmClose(true)}>
              {t('vendor:account.close')}
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={t('vendor:account.closeTitle', { business: businessName })}
        text={t('vendor:account.closeConfirm')}
        confirmLabel={t('vendor:account.close')}
        tone="danger"
        busy={close.isPending}
        onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirmClose(false) })}
      />
    </Card>
  );
}
