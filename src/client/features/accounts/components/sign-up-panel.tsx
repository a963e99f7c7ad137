import { useForm } from 'react-hook-form';
import { useLanguage, useTranslation } from '@client/lib/translation';
import { signUpErrorMessage } from '@shared/accounts/account-messages';
import type { SignUpInput } from '@shared/accounts/accounts';
import { FormField, Input } from '@client/components/ui/form-field';
import { lazyResolver } from '@client/lib/lazy-resolver';
import { useSignUp } from '@client/features/accounts/api/sign-up';
import { AuthPanelFrame, useAuthPanelSend } from './auth-panel-frame';
import type { AuthPanelProps } from './sign-in-panel';
import { AuthForm, EmailField, AuthSubmitButton } from './auth-form-parts';

/** SPEC.md: after success the form calls its success callback and does not switch tab itself. */
const validation = lazyResolver<SignUpInput>(() =>
  import('@client/features/accounts/auth-form-resolvers').then((module) => module.signUpResolver),
);

export function SignUpPanel(panel: AuthPanelProps) {
  const { busy, onBusyChange, onSignedIn, initialEmail = '' } = panel;
  const { t } = useTranslation('auth');
  const { error, setError, send } = useAuthPanelSend(onBusyChange, (serverText) =>
    signUpErrorMessage(serverText, (key) => t(key)),
  );
  const signUp = useSignUp();
  const language = useLanguage();
  const form = useForm<SignUpInput>({
    resolver: validation.resolver,
    defaultValues: { name: '', surname: '', email: initialEmail, password: '' },
  });
  const { errors } = form.formState;
  const working = busy !== null;

  const submit = form.handleSubmit((values) =>
    send(async () => onSignedIn(await signUp.mutateAsync({ ...values, language }))),
  );

  return (
    <AuthPanelFrame
      {...panel}
      title={t('auth:signUp.title')}
      subtitle={t('auth:signUp.subtitle')}
      errorTitle={t('auth:signUp.errorTitle')}
      error={error}
      onGoogleError={setError}
    >
      <AuthForm onFocus={validation.preload} onSubmit={(event) => void submit(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('auth:signUp.firstName')} error={errors.name?.message} required>
            <Input
              autoComplete="given-name"
              placeholder={t('auth:signUp.firstNamePlaceholder')}
              disabled={working}
              {...form.register('name')}
            />
          </FormField>
          <FormField label={t('auth:signUp.lastName')} error={errors.surname?.message} required>
            <Input
              autoComplete="family-name"
              placeholder={t('auth:signUp.lastNamePlaceholder')}
              disabled={working}
              {...form.register('surname')}
            />
          </FormField>
        </div>
        <EmailField error={errors.email?.message} disabled={working} registration={form.register('email')} />
        <FormField
          label={t('auth:field.password')}
          error={errors.password?.message}
          hint={t('auth:signUp.passwordHint')}
          required
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t('auth:signUp.passwordPlaceholder')}
            disabled={working}
            {...form.register('password')}
          />
        </FormField>
        <AuthSubmitButton busy={busy === 'form'} disabled={working}>
          {busy === 'form' ? t('auth:signUp.working') : t('auth:signUp.submit')}
        </AuthSubmitButton>
      </AuthForm>
    </AuthPanelFrame>
  );
}
