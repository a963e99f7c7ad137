import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { lazyResolver } from '@client/lib/lazy-resolver';
import { useRequestPasswordReset } from '@client/features/accounts/api/request-password-reset';
import { serverErrorText } from '@client/features/accounts/error-text';

export interface ForgotPasswordFormProps {
  defaultEmail: string;
  onBack: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** "Forgot password?" on the sign-in tab: asks for a reset link (valid 1 hour). */
const validation = lazyResolver<{ email: string }>(() =>
  import('@client/features/accounts/auth-form-resolvers').then((module) => module.passwordResetRequestResolver),
);

export function ForgotPasswordForm({ defaultEmail, onBack, onBusyChange }: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const form = useForm<{ email: string }>({ resolver: validation.resolver, defaultValues: { email: defaultEmail } });
  const { errors } = form.formState;
  const working = request.isPending;
  const { t } = useTranslation('auth');

  const submit = form.handleSubmit(async ({ email }) => {
    onBusyChange(true);
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch {
      // The error box below shows request.error.
    } finally {
      onBusyChange(false);
    }
  });

  return (
    <div className="flex flex-col gap-5">
      <header className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('auth:reset.title')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('auth:reset.intro')}</p>
      </header>
      {sentTo ? (
        <Banner tone="success" title={t('auth:reset.sentTitle')}>
          <Trans
            i18nKey="auth:reset.sentText"
            values={{ email: sentTo }}
            components={{ email: <strong className="break-words" /> }}
          />
        </Banner>
      ) : null}
      {request.isError ? (
        <Banner tone="error" title={t('auth:reset.failedTitle')}>
          {serverErrorText(request.error) ?? t('auth:reset.failedText')}
        </Banner>
      ) : null}
      <form
        noValidate
        onFocus={validation.preload}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        <FormField label={t('auth:field.email')} error={errors.email?.message} required>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('auth:field.emailPlaceholder')}
            disabled={working}
            {...form.register('email')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" busy={working}>
          {sentTo ? <MailCheck aria-hidden="true" /> : null}
          {working ? t('auth:reset.sending') : sentTo ? t('auth:reset.sendAgain') : t('auth:reset.send')}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={working}>
          <ArrowLeft aria-hidden="true" />
          {t('auth:reset.back')}
        </Button>
      </form>
    </div>
  );
}
