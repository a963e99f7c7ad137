import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState, type ButtonHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { lazyResolver } from '@client/lib/lazy-resolver';
import { useRequestPasswordReset } from '@client/features/accounts/api/request-password-reset';
import { serverErrorText } from '@client/features/accounts/error-text';
import { AuthForm, AuthHeading, EmailField, AuthSubmitButton } from './auth-form-parts';

export interface ForgotPasswordFormProps {
  defaultEmail: string;
  /**
   * Back to sign in: the submit button of the sign-in mode's GET form (auth-page.tsx), so a tap
   * before the page is interactive still goes back (decision 059); its click does it in place after.
   */
  back: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'form' | 'onClick'>;
  onBusyChange: (busy: boolean) => void;
}

/** "Forgot password?" on the sign-in tab: asks for a reset link (valid 1 hour). */
const validation = lazyResolver<{ email: string }>(() =>
  import('@client/features/accounts/auth-form-resolvers').then((module) => module.passwordResetRequestResolver),
);

export function ForgotPasswordForm({ defaultEmail, back, onBusyChange }: ForgotPasswordFormProps) {
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
      <AuthHeading title={t('auth:reset.title')} subtitle={t('auth:reset.intro')} />
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
      <AuthForm onFocus={validation.preload} onSubmit={(event) => void submit(event)}>
        <EmailField error={errors.email?.message} disabled={working} registration={form.register('email')} />
        <AuthSubmitButton busy={working}>
          {sentTo ? <MailCheck aria-hidden="true" /> : null}
          {working ? t('auth:reset.sending') : sentTo ? t('auth:reset.sendAgain') : t('auth:reset.send')}
        </AuthSubmitButton>
        <Button variant="ghost" disabled={working} {...back}>
          <ArrowLeft aria-hidden="true" />
          {t('auth:reset.back')}
        </Button>
      </AuthForm>
    </div>
  );
}
