import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { lazyResolver } from '@client/lib/lazy-resolver';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { serverErrorText } from '../error-text';

export interface ForgotPasswordFormProps {
  defaultEmail: string;
  onBack: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** "Forgot password?" on the sign-in tab: asks for a reset link (valid 1 hour). */
const validation = lazyResolver<{ email: string }>(() =>
  import('../auth-form-resolvers').then((module) => module.passwordResetRequestResolver),
);

export function ForgotPasswordForm({ defaultEmail, onBack, onBusyChange }: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const form = useForm<{ email: string }>({ resolver: validation.resolver, defaultValues: { email: defaultEmail } });
  const { errors } = form.formState;
  const working = request.isPending;

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
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">Reset your password</h1>
        <p className="mt-1 text-sm text-stone-600">Enter your e-mail address and we will send you a link to choose a new password.</p>
      </header>
      {sentTo ? (
        <Banner tone="success" title="Check your e-mail">
          If an account exists for <strong className="break-words">{sentTo}</strong>, we have sent a link to reset your
          password. The link is valid for 1 hour.
        </Banner>
      ) : null}
      {request.isError ? (
        <Banner tone="error" title="Could not send the reset link">
          {serverErrorText(request.error) ?? 'Something went wrong. Please try again.'}
        </Banner>
      ) : null}
      <form noValidate onFocus={validation.preload} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
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
        <Button type="submit" size="lg" className="w-full" busy={working}>
          {sentTo ? <MailCheck aria-hidden="true" /> : null}
          {working ? 'Sending...' : sentTo ? 'Send the link again' : 'Send reset link'}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={working}>
          <ArrowLeft aria-hidden="true" />
          Back to sign in
        </Button>
      </form>
    </div>
  );
}
