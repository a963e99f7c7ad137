import { zodResolver } from '@hookform/resolvers/zod';
import { Download, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from '@client/lib/translation';
import {
  twoFactorCodeSchema,
  twoFactorPasswordSchema,
  type TwoFactorCodeInput,
  type TwoFactorEnrolment,
  type TwoFactorPasswordInput,
} from '@shared/accounts/accounts';
import { BRAND } from '@shared/brand';
import { QrCodeImage } from '@client/components/codes/qr-code-image';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useSession } from '@client/lib/use-session';
import { useConfirmTwoFactor } from '@client/features/accounts/api/confirm-two-factor';
import { useStartTwoFactor } from '@client/features/accounts/api/start-two-factor';
import { useTurnOffTwoFactor } from '@client/features/accounts/api/turn-off-two-factor';
import '@client/features/accounts/account-texts';
import '@client/features/accounts/form-texts';
import { serverErrorText } from '@client/features/accounts/error-text';
import { translate } from '@client/lib/i18n';

/** The key as authenticator apps ask for it when typed: groups of four. */
function groupedKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function downloadBackupCodes(email: string, codes: string[]) {
  const text = [
    translate('account:twoFactor.backupFileTitle', { email }),
    translate('account:twoFactor.backupFileText'),
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${BRAND.name.toLowerCase()}-backup-codes.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Asks for the password again before turning two-factor on or off. */
function PasswordStep({
  submitLabel,
  busyLabel,
  tone,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  busyLabel: string;
  tone: 'primary' | 'danger';
  onSubmit: (values: TwoFactorPasswordInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const form = useForm<TwoFactorPasswordInput>({
    resolver: zodResolver(twoFactorPasswordSchema),
    defaultValues: { password: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fields?.password : undefined;
      if (fieldMessage) form.setError('password', { message: fieldMessage });
      else setError(serverErrorText(failure) ?? t('account:somethingWrong'));
    }
  });
  const working = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      {error ? <Banner tone="error">{error}</Banner> : null}
      <FormField
        label={t('account:twoFactor.password')}
        hint={t('account:twoFactor.passwordHint')}
        error={form.formState.errors.password?.message}
      >
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus
          disabled={working}
          {...form.register('password')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="ghost" onClick={onCancel} disabled={working}>
          {t('account:cancel')}
        </Button>
        <Button type="submit" variant={tone} busy={working}>
          {working ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Step 2 of turning on: scan, keep the backup codes, prove it works with a first code. */
function Enrolment({
  email,
  enrolment,
  onDone,
  onCancel,
}: {
  email: string;
  enrolment: TwoFactorEnrolment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const confirm = useConfirmTwoFactor();
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
      onDone();
    } catch (failure) {
      form.setError('code', { message: serverErrorText(failure) ?? t('account:somethingWrong') });
    }
  });
  return (
    <ol className="flex flex-col gap-6">
      <li className="flex flex-col gap-3">
        <h4 className="text-sm font-semibold text-stone-900">{t('account:twoFactor.scanTitle')}</h4>
        <p className="text-sm text-stone-600">{t('account:twoFactor.scanApps')}</p>
        <QrCodeImage
          value={enrolment.otpauthUri}
          label={t('account:twoFactor.qrLabel')}
          className="max-w-48 border border-stone-200"
        />
        <p className="text-sm text-stone-600">
          <Trans
            i18nKey="account:twoFactor.typeKey"
            values={{ key: groupedKey(enrolment.secret) }}
            components={{
              key: (
                <code
                  data-testid="two-factor-secret"
                  className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-sm text-stone-900"
                />
              ),
            }}
          />
        </p>
      </li>
      <li className="flex flex-col gap-3">
        <h4 className="text-sm font-semibold text-stone-900">{t('account:twoFactor.backupTitle')}</h4>
        <p className="text-sm text-stone-600">{t('account:twoFactor.backupText')}</p>
        <ul
          aria-label={t('account:twoFactor.backupLabel')}
          className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 bg-stone-50 p-3 font-mono text-sm text-stone-900 sm:max-w-sm"
        >
          {enrolment.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div>
          <Button variant="outline" onClick={() => downloadBackupCodes(email, enrolment.backupCodes)}>
            <Download aria-hidden="true" />
            {t('account:twoFactor.backupDownload')}
          </Button>
        </div>
      </li>
      <li className="flex flex-col gap-3">
        <h4 className="text-sm font-semibold text-stone-900">{t('account:twoFactor.codeTitle')}</h4>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <FormField label={t('account:twoFactor.code')} error={form.formState.errors.code?.message}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              className="sm:max-w-48"
              disabled={confirm.isPending}
              {...form.register('code')}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
              {t('account:cancel')}
            </Button>
            <Button type="submit" busy={confirm.isPending}>
              <ShieldCheck aria-hidden="true" />
              {confirm.isPending ? t('account:twoFactor.turningOn') : t('account:twoFactor.turnOn')}
            </Button>
          </div>
        </form>
      </li>
    </ol>
  );
}

type Step = 'idle' | 'password-to-enable' | 'enrolling' | 'password-to-disable';

/**
 * Two-Factor Authentication: sign-in asks for a code from an authenticator app after the
 * password. Shown on /account/security, on /complete-profile and in the vendor's Account Settings.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const [step, setStep] = useState<Step>('idle');
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  // The set-up steps are long on a phone: once they close, bring the outcome back into view.
  useEffect(() => {
    if (notice) section.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  const start = useStartTwoFactor();
  const turnOff = useTurnOffTwoFactor();
  if (!user) return null;
  const enabled = user.twoFactorEnabled;
  function begin(next: Step) {
    setNotice(null);
    setStep(next);
  }

  return (
    <section ref={section} aria-labelledby="two-factor-heading" className="flex scroll-mt-20 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id="two-factor-heading" className="text-sm font-semibold text-stone-900">
          {t('account:twoFactor.title')}
        </h3>
        <p className="text-sm text-stone-600">{t(enabled ? 'account:twoFactor.on' : 'account:twoFactor.off')}</p>
      </div>
      {notice ? (
        <Banner tone="success" role="status">
          {notice}
        </Banner>
      ) : null}

      {step === 'idle' ? (
        <div>
          {enabled ? (
            <Button variant="outline" onClick={() => begin('password-to-disable')}>
              {t('account:twoFactor.turnOff')}
            </Button>
          ) : (
            <Button onClick={() => begin('password-to-enable')}>
              <ShieldCheck aria-hidden="true" />
              {t('account:twoFactor.turnOn')}
            </Button>
          )}
        </div>
      ) : null}

      {step === 'password-to-enable' ? (
        <PasswordStep
          submitLabel={t('account:twoFactor.continue')}
          busyLabel={t('account:twoFactor.checking')}
          tone="primary"
          onCancel={() => setStep('idle')}
          onSubmit={async (values) => {
            setEnrolment(await start.mutateAsync(values));
            setStep('enrolling');
          }}
        />
      ) : null}

      {step === 'enrolling' && enrolment ? (
        <Enrolment
          email={user.email}
          enrolment={enrolment}
          onCancel={() => {
            setEnrolment(null);
            setStep('idle');
          }}
          onDone={() => {
            setEnrolment(null);
            setStep('idle');
            setNotice(t('account:twoFactor.turnedOn'));
          }}
        />
      ) : null}

      {step === 'password-to-disable' ? (
        <>
          {user.isAdmin ? <Banner tone="warning">{t('account:twoFactor.adminWarning')}</Banner> : null}
          <PasswordStep
            submitLabel={t('account:twoFactor.turnOff')}
            busyLabel={t('account:twoFactor.turningOff')}
            tone="danger"
            onCancel={() => setStep('idle')}
            onSubmit={async (values) => {
              await turnOff.mutateAsync(values);
              setStep('idle');
              setNotice(t('account:twoFactor.turnedOff'));
            }}
          />
        </>
      ) : null}
    </section>
  );
}
