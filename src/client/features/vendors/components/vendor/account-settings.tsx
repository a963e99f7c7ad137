import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema, type ChangePasswordInput } from '@shared/vendor-profile';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FormField, Input } from '@client/components/ui/form-field';
import { TwoFactorSettings } from '@client/features/accounts/components/two-factor-settings';
import { ApiError } from '@client/lib/api-client';
import { useChangePassword } from '@client/features/vendors/api/change-password';
import { useCloseVendorAccount } from '@client/features/vendors/api/close-vendor-account';
import { downloadFile } from '@client/lib/download-file';

function ChangePasswordForm() {
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
      if (error instanceof ApiError && error.fields?.currentPassword)
        form.setError('currentPassword', { message: error.fields.currentPassword });
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-stone-900">Change Password</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Current password" error={form.formState.errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField
          label="New password"
          hint="At least 6 characters."
          error={form.formState.errors.newPassword?.message}
        >
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
      </div>
      {change.isSuccess ? <Banner tone="success">Password changed. Other devices were signed out.</Banner> : null}
      {change.error && !(change.error instanceof ApiError && change.error.fields) ? (
        <Banner tone="error">{change.error.message}</Banner>
      ) : null}
      <div>
        <Button type="submit" variant="outline" busy={change.isPending}>
          Change Password
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
  const [confirmClose, setConfirmClose] = useState(false);
  const close = useCloseVendorAccount();
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function downloadData() {
    setDownload({ busy: true, error: null });
    try {
      await downloadFile('/api/vendor/account/export', 'chaska-business-data.json');
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error: error instanceof Error ? error.message : 'The download failed.' });
    }
  }

  return (
    <Card title="Account Settings">
      <div className="flex flex-col divide-y divide-stone-100 [&>*]:py-5 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
        <ChangePasswordForm />
        <TwoFactorSettings />
        {isOwner ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h3 className="text-sm font-semibold text-stone-900">Download Business Data</h3>
              <p className="text-sm text-stone-600">
                Your profile, cards, customers with their stamps and rewards, team and payments, as a JSON file.
              </p>
              {download.error ? <p className="mt-1 text-sm font-medium text-red-700">{download.error}</p> : null}
            </div>
            <Button variant="outline" busy={download.busy} onClick={() => void downloadData()}>
              Download Business Data
            </Button>
          </div>
        ) : null}
        {isOwner ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h3 className="text-sm font-semibold text-red-800">Close Account</h3>
              <p className="text-sm text-stone-600">
                {closed
                  ? 'This account is closed. Contact support to reopen it.'
                  : 'Removes your business from every public page and stops stamping. Your data is kept.'}
              </p>
              {close.error ? <p className="mt-1 text-sm font-medium text-red-700">{close.error.message}</p> : null}
            </div>
            <Button variant="danger" disabled={closed} onClick={() => setConfirmClose(true)}>
              Close Account
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={`Close ${businessName}?`}
        text="Customers will no longer find your business or collect stamps here. Your cards, customers and history are kept, and support can reopen the account."
        confirmLabel="Close Account"
        tone="danger"
        busy={close.isPending}
        onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirmClose(false) })}
      />
    </Card>
  );
}
