import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signUpErrorMessage } from '@shared/account-messages';
import type { SignUpInput } from '@shared/accounts';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { lazyResolver } from '@client/lib/lazy-resolver';
import { useSignUp } from '../api/sign-up';
import { serverErrorText } from '../error-text';
import type { PopupOutcome } from '../google-popup/popup-flow';
import { AuthPanelFrame } from './auth-panel-frame';
import type { AuthPanelProps } from './sign-in-panel';

/** SPEC.md: after success the form calls its success callback and does not switch tab itself. */
const validation = lazyResolver<SignUpInput>(() => import('../auth-form-resolvers').then((module) => module.signUpResolver));

export function SignUpPanel({ busy, onBusyChange, googleAvailable, onSignedIn }: AuthPanelProps) {
  const [error, setError] = useState<string | null>(null);
  const signUp = useSignUp();
  const form = useForm<SignUpInput>({
    resolver: validation.resolver,
    defaultValues: { name: '', surname: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const working = busy !== null;

  const submit = form.handleSubmit(async (values) => {
    onBusyChange('form');
    setError(null);
    try {
      await onSignedIn(await signUp.mutateAsync(values));
    } catch (failure) {
      setError(signUpErrorMessage(serverErrorText(failure)));
      onBusyChange(null);
    }
  });

  async function finishGoogle(outcome: PopupOutcome) {
    if (outcome.kind === 'success') {
      await onSignedIn().catch(() => onBusyChange(null));
      return;
    }
    setError(outcome.message);
    onBusyChange(null);
  }

  return (
    <AuthPanelFrame
      title="Sign up"
      subtitle="Create an account to get started"
      errorTitle="Sign up failed"
      error={error}
      busy={busy}
      googleAvailable={googleAvailable}
      onGoogleStart={() => {
        setError(null);
        onBusyChange('google');
      }}
      onGoogleFinish={(outcome) => void finishGoogle(outcome)}
    >
      <form noValidate onFocus={validation.preload} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First Name" error={errors.name?.message} required>
            <Input autoComplete="given-name" placeholder="Your first name" disabled={working} {...form.register('name')} />
          </FormField>
          <FormField label="Last Name" error={errors.surname?.message} required>
            <Input autoComplete="family-name" placeholder="Your last name" disabled={working} {...form.register('surname')} />
          </FormField>
        </div>
        <FormField label="Email address" error={errors.email?.message} required>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            disabled={working}
            {...form.register('email')}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint="At least 6 characters." required>
          <Input
            type="password"
            autoComplete="new-password"
            placeholder="Create a password"
            disabled={working}
            {...form.register('password')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" busy={busy === 'form'} disabled={working}>
          {busy === 'form' ? 'Creating account...' : 'Continue'}
        </Button>
      </form>
    </AuthPanelFrame>
  );
}
