import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { nationalPhoneNumber } from '@shared/accounts/phone';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FormField, Input } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useDownload } from '@client/lib/download-file';
import { wipeOfflineData } from '@client/lib/offline/offline-storage';
import { whenPathShown } from '@client/lib/shown-path';
import { useLanguage, useTranslation } from '@client/lib/translation';
import { sendCloseCode, useAccountClosing, useCloseAccount } from '@client/features/accounts/api/close-account';
import { serverErrorText } from '@client/features/accounts/error-text';
import { forgetSession } from '@client/features/accounts/session-cache';
import '@client/features/accounts/account-texts';

/** The dialog's form: the password, or a code sent to the account's number, as the server asks. */
function CloseAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const closing = useAccountClosing(open);
  const close = useCloseAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const facts = closing.data;
  const phone = facts?.phoneNumber ? nationalPhoneNumber(facts.phoneNumber) : '';

  async function sendCode() {
    if (!facts?.phoneNumber) return;
    setSending(true);
    setFailure(null);
    try {
      await sendCloseCode(facts.phoneNumber, language);
      setCodeSent(true);
    } catch (error) {
      setFailure(serverErrorText(error) ?? t('account:somethingWrong'));
    } finally {
      setSending(false);
    }
  }

  async function confirm() {
    setFieldErrors({});
    setFailure(null);
    try {
      await close.mutateAsync({
        confirm: true,
        ...(facts?.proof === 'password' ? { password } : {}),
        ...(facts?.proof === 'phone_code' ? { code: code.trim() } : {}),
      });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFieldErrors(error.fields);
      else setFailure(serverErrorText(error) ?? t('account:somethingWrong'));
      return;
    }
    // Signed out for good: leave the signed-in screen, then forget everything kept for the person.
    void navigate('/');
    await whenPathShown('/');
    await wipeOfflineData();
    await forgetSession(queryClient);
  }

  const blocked = facts?.blocker ?? null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('account:close.dialogTitle')}
      text={t('account:close.explain')}
      confirmLabel={t('account:close.confirm')}
      tone="danger"
      busy={close.isPending || !facts || blocked !== null}
      onConfirm={() => void confirm()}
    >
      <div className="flex flex-col gap-3">
        {blocked ? (
          <Banner tone="warning">
            {blocked === 'vendor_open' ? t('account:close.vendorOpen') : t('account:close.admin')}
          </Banner>
        ) : null}
        {facts?.proof === 'password' && !blocked ? (
          <FormField label={t('account:close.passwordLabel')} error={fieldErrors.password}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
        ) : null}
        {facts?.proof === 'phone_code' && !blocked ? (
          <div className="flex flex-col gap-3">
            <div>
              <Button variant="outline" size="sm" busy={sending} onClick={() => void sendCode()}>
                {t('account:close.sendCode', { phone })}
              </Button>
            </div>
            {codeSent ? (
              <p role="status" className="text-sm text-stone-600">
                {t('account:close.codeSent', { phone })}
              </p>
            ) : null}
            <FormField label={t('account:close.codeLabel')} error={fieldErrors.code}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </FormField>
          </div>
        ) : null}
        {failure ? <Banner tone="error">{failure}</Banner> : null}
      </div>
    </ConfirmDialog>
  );
}

/** "Download my data" and "Close account" (issue 40): the customer's twins of the vendor's. */
export function AccountDataSettings() {
  const { t } = useTranslation('account');
  const [confirmClose, setConfirmClose] = useState(false);
  const download = useDownload((error) => serverErrorText(error) ?? t('account:data.downloadFailed'));

  return (
    <Card title={t('account:data.title')}>
      <div className="flex flex-col divide-y divide-stone-100 [&>*]:py-5 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-sm font-semibold text-stone-900">{t('account:data.download')}</h3>
            <p className="text-sm text-stone-600">{t('account:data.downloadText')}</p>
            {download.error ? <p className="mt-1 text-sm font-medium text-red-700">{download.error}</p> : null}
          </div>
          <Button
            variant="outline"
            busy={download.busy}
            onClick={() => void download.start('/api/accounts/export', 'chaska-my-data.json')}
          >
            <Download aria-hidden="true" />
            {t('account:data.download')}
          </Button>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-sm font-semibold text-red-800">{t('account:close.title')}</h3>
            <p className="text-sm text-stone-600">{t('account:close.text')}</p>
          </div>
          <Button variant="danger" onClick={() => setConfirmClose(true)}>
            <Trash2 aria-hidden="true" />
            {t('account:close.title')}
          </Button>
        </div>
      </div>
      {confirmClose ? <CloseAccountDialog open={confirmClose} onOpenChange={setConfirmClose} /> : null}
    </Card>
  );
}
