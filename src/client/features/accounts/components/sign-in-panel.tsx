import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useInteractive } from '@client/lib/use-browser-value';
import { useTranslation } from '@client/lib/translation';
import { signInErrorMessage } from '@shared/accounts/account-messages';
import type { Me, SignInInput } from '@shared/accounts/accounts';
import { FormField, Input } from '@client/components/ui/form-field';
import { lazyResolver } from '@client/lib/lazy-resolver';
import { useSignIn } from '@client/features/accounts/api/sign-in';
import { AuthPanelFrame, useAuthPanelSend, type AuthBusy } from './auth-panel-frame';
import { TwoFactorCodeStep } from './two-factor-code-step';
import { AuthForm, EmailField, AuthSubmitButton } from './auth-form-parts';

export interface AuthPanelProps {
  busy: AuthBusy;
  onBusyChange: (busy: AuthBusy) => void;
  googleAvailable: boolean;
  /** Called once the server has a session; the page refreshes the session and moves on. */
  onSignedIn: (me?: Me) => Promise<void>;
  /** The address to start with (a staff invitation's link names the invited address). */
  initialEmail?: string;
  /** 2 under the page's own title (applying for a shop). */
  headingLevel?: 1 | 2;
}

interface SignInPanelProps extends AuthPanelProps {
  /** An error to show on arrival, such as a failed Google sign-in reported by /auth/callback. */
  initialError?: string | null;
  onForgotPassword: (email: string) => void;
}

const validation = lazyResolver<SignInInput>(() =>
  import('@client/features/accounts/auth-form-resolvers').then((module) => module.signInResolver),
);

export function SignInPanel({ initialError, onForgotPassword, ...panel }: SignInPanelProps) {
  const { busy, onBusyChange, onSignedIn, initialEmail = '' } = panel;
  const { t } = useTranslation('auth');
  const interactive = useInteractive();
  const { error, setError, send } = useAuthPanelSend(
    onBusyChange,
    (serverText) => signInErrorMessage(serverText, (key) => t(key)),
    initialError,
  );
  // The password was right and the account has two-factor on: the code comes next.
  const [codeStep, setCodeStep] = useState(false);
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: validation.resolver,
    defaultValues: { email: initialEmail, password: '' },
  });
  const { errors } = form.formState;
  const working = busy !== null;

  const submit = form.handleSubmit((values) =>
    send(async () => {
      const result = await signIn.mutateAsync(values);
      if (result.twoFactorRequired) {
        setCodeStep(true);
        onBusyChange(null);
        return;
      }
      await onSignedIn(result);
    }),
  );

  if (codeStep) {
    return (
      <TwoFactorCodeStep
        onSignedIn={onSignedIn}
        onBusyChange={(value) => onBusyChange(value ? 'form' : null)}
        onRestart={(reason) => {
          setCodeStep(false);
          setError(reason ?? null);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <AuthPanelFrame
      {...panel}
      title={t('auth:signIn.title')}
      subtitle={t('auth:signIn.subtitle')}
      errorTitle={t('auth:signIn.errorTitle')}
      error={error}
      onGoogleError={setError}
    >
      <AuthForm onFocus={validation.preload} onSubmit={(event) => void submit(event)}>
        <EmailField error={errors.email?.message} disabled={working} registration={form.register('email')} />
        <div className="flex flex-col gap-1.5">
          <FormField label={t('auth:field.password')} error={errors.password?.message} required>
            <Input
              type="password"
              autoComplete="current-password"
              placeholder={t('auth:signIn.passwordPlaceholder')}
              disabled={working}
              {...form.register('password')}
            />
          </FormField>
          {/* It takes the typed address along, which only the script can: it waits for it (decision 059). */}
          <button
            type="button"
            disabled={working || !interactive}
            onClick={() => onForgotPassword(form.getValues('email'))}
            className="self-end rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline disabled:opacity-50"
          >
            {t('auth:signIn.forgotPassword')}
          </button>
        </div>
        <AuthSubmitButton busy={busy === 'form'} disabled={working}>
          {busy === 'form' ? t('auth:signIn.working') : t('auth:signIn.submit')}
        </AuthSubmitButton>
      </AuthForm>
    </AuthPanelFrame>
  );
}
