import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleX, Clock, KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordResetCompleteSchema } from '@shared/accounts';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useCheckResetToken } from '@client/features/accounts/api/check-reset-token';
import { useCompletePasswordReset } from '@client/features/accounts/api/complete-password-reset';
import { serverErrorText } from '@client/features/accounts/error-text';
import { forgetSession } from '@client/features/accounts/session-cache';
import type { AuthPageState } from './auth-page';

const newPasswordSchema = z
  .object({ password: passwordResetCompleteSchema.shape.password, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    message: 'The two passwords do not match.',
  });
type NewPasswordInput = z.infer<typeof newPasswordSchema>;

const requestNewLink = (
  <Button asChild>
    <Link to="/auth?view=forgot-password">Request a new link</Link>
  </Button>
);

function LinkProblem({ error }: { error: unknown }) {
  const code = error instanceof ApiError ? error.code : '';
  const message =
    error instanceof ApiError && error.status < 500
      ? error.message
      : 'We could not check this link right now. Please try again.';
  const title =
    code === 'link_expired' ? 'Link expired' : code === 'link_used' ? 'Link already used' : 'Link not valid';
  const text = code === 'link_expired' ? `${message} Reset links are valid for 1 hour.` : message;
  return (
    <PageContainer width="narrow">
      <EmptyState
        icon={code === 'link_expired' ? <Clock /> : <CircleX />}
        title={title}
        titleAs="h1"
        text={text}
        action={requestNewLink}
      />
    </PageContainer>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const complete = useCompletePasswordReset();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await complete.mutateAsync({ token, password });
    } catch {
      return; // The error box shows complete.error.
    }
    // Every session of the account ended with the reset, this browser's included.
    await forgetSession(queryClient);
    const state: AuthPageState = { notice: 'Your password has been changed. Please sign in with your new password.' };
    void navigate('/auth', { replace: true, state });
  });

  return (
    <PageContainer width="narrow" className="max-w-md">
      <PageHeader
        title="Choose a new password"
        description="Pick a password of at least 6 characters that you do not use elsewhere."
      />
      <Card>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {complete.isError ? (
            <Banner tone="error" title="Password not changed">
              {serverErrorText(complete.error) ?? 'Something went wrong. Please try again.'}
            </Banner>
          ) : null}
          <FormField label="New password" error={errors.password?.message} required>
            <Input
              type="password"
              autoComplete="new-password"
              placeholder="At least 6 characters"
              disabled={complete.isPending}
              {...form.register('password')}
            />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmation?.message} required>
            <Input
              type="password"
              autoComplete="new-password"
              placeholder="Type it again"
              disabled={complete.isPending}
              {...form.register('confirmation')}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" busy={complete.isPending}>
            <KeyRound aria-hidden="true" />
            {complete.isPending ? 'Saving...' : 'Save new password'}
          </Button>
        </form>
      </Card>
    </PageContainer>
  );
}

/** /reset-password?token=...: checks the link first, then asks for the new password twice. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const check = useCheckResetToken(token);

  if (!token) {
    return (
      <PageContainer width="narrow">
        <EmptyState
          icon={<CircleX />}
          title="Link not valid"
          titleAs="h1"
          text="This reset link is not valid. Please request a new one."
          action={requestNewLink}
        />
      </PageContainer>
    );
  }
  if (check.isPending) return <FullPageSpinner label="Checking your reset link..." />;
  if (check.isError) return <LinkProblem error={check.error} />;
  return <NewPasswordForm token={token} />;
}
