import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import type { Me, TwoFactorCodeInput } from '@shared/accounts/accounts';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { lazyResolver } from '@client/lib/lazy-resolver';
import { useSignInWithCode } from '@client/features/accounts/api/sign-in-with-code';
import { serverErrorText } from '@client/features/accounts/error-text';
import { AuthForm, AuthHeading, AuthSubmitButton } from './auth-form-parts';

const validation = lazyResolver<TwoFactorCodeInput>(() =>
  import('@client/features/accounts/auth-form-resolvers').then((module) => module.twoFactorCodeResolver),
);

export interface TwoFactorCodeStepProps {
  onSignedIn: (me: Me) => Promise<void>;
  /** Back to e-mail and password, with a reason when the pending sign-in has ended. */
  onRestart: (reason?: string) => void;
  onBusyChange: (busy: boolean) => void;
}

/** Sign-in, step 2 of 2 when two-factor is on: a code from the authenticator app, or a backup code. */
export function TwoFactorCodeStep({ onSignedIn, onRestart, onBusyChange }: TwoFactorCodeStepProps) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const signIn = useSignInWithCode();
  const form = useForm<TwoFactorCodeInput>({ resolver: validation.resolver, defaultValues: { code: '' } });
  const working = signIn.isPending;

  const submit = form.handleSubmit(async (values) => {
    onBusyChange(true);
    setError(null);
    try {
      await onSignedIn(await signIn.mutateAsync(values));
    } catch (failure) {
      onBusyChange(false);
      // The password step has to be done again (expired, too many wrong codes).
      if (failure instanceof ApiError && failure.code === 'two_factor_expired') return onRestart(failure.message);
      setError(serverErrorText(failure) ?? t('auth:twoFactor.failed'));
      form.setFocus('code');
    }
  });

  return (
    <div className="flex flex-col gap-5">
      <AuthHeading title={t('auth:twoFactor.title')} subtitle={t('auth:twoFactor.intro')} />
      {error ? (
        <Banner tone="error" title={t('auth:twoFactor.errorTitle')}>
          {error}
        </Banner>
      ) : null}
      <AuthForm onFocus={validation.preload} onSubmit={(event) => void submit(event)}>
        <FormField
          label={t('auth:twoFactor.code')}
          hint={t('auth:twoFactor.codeHint')}
          error={form.formState.errors.code?.message}
          required
        >
          <Input
            autoComplete="one-time-code"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder="123456"
            disabled={working}
            autoFocus
            {...form.register('code')}
          />
        </FormField>
        <AuthSubmitButton busy={working}>
          {working ? t('auth:twoFactor.working') : t('auth:twoFactor.submit')}
        </AuthSubmitButton>
        <Button variant="ghost" onClick={() => onRestart()} disabled={working}>
          <ArrowLeft aria-hidden="true" />
          {t('auth:twoFactor.back')}
        </Button>
      </AuthForm>
    </div>
  );
}
