import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleX, Clock, KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordResetCompleteSchema } from '@shared/accounts/accounts';
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
import '@client/features/accounts/account-texts';
import '@client/features/accounts/form-texts';
import { forgetSession } from '@client/features/accounts/session-cache';
import type { AuthPageState } from './auth-page';

const newPasswordSchema = z
  .object({ password: passwordResetCompleteSchema.shape.password, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    message: 'account:reset.mismatch',
  });
type NewPasswordInput = z.infer<typeof newPasswordSchema>;

function RequestNewLink() {
  const { t } = useTranslation('account');
  return (
    <Button asChild>
      <Link to="/auth?view=forgot-password">{t('account:reset.requestNewLink')}</Link>
    </Button>
  );
}

function LinkProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('account');
  const code = error instanceof ApiError ? error.code : '';
  const message = error instanceof ApiError && error.status < 500 ? error.message : t('account:link.checkFailed');
  const title = t(
    code === 'link_expired'
      ? 'account:link.expiredTitle'
      : code === 'link_used'
        ? 'account:link.usedTitle'
        : 'account:link.invalidTitle',
  );
  const text = code === 'link_expired' ? t('account:reset.linkExpiredText', { message }) : message;
  return (
    <PageContainer width="narrow">
      <EmptyState
        icon={code === 'link_expired' ? <Clock /> : <CircleX />}
        title={title}
        titleAs="h1"
        text={text}
        action={<RequestNewLink />}
      />
    </PageContainer>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('account');
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
    const state: AuthPageState = { notice: t('account:reset.changed') };
    void navigate('/auth', { replace: true, state });
  });

  return (
    <PageContainer width="narrow" className="max-w-md">
      <PageHeader title={t('account:reset.title')} description={t('account:reset.description')} />
      <Card>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {complete.isError ? (
            <Banner tone="error" title={t('account:reset.failedTitle')}>
              {serverErrorText(complete.error) ?? t('account:somethingWrong')}
            </Banner>
          ) : null}
          <FormField label={t('account:reset.newPassword')} error={errors.password?.message} required>
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={t('account:reset.newPasswordPlaceholder')}
              disabled={complete.isPending}
              {...form.register('password')}
            />
          </FormField>
          <FormField
            label={t('account:reset.confirmation')}
            error={errors.confirmation?.message && t(errors.confirmation.message)}
            required
          >
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={t('account:reset.confirmationPlaceholder')}
              disabled={complete.isPending}
              {...form.register('confirmation')}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" busy={complete.isPending}>
            <KeyRound aria-hidden="true" />
            {complete.isPending ? t('account:saving') : t('account:reset.save')}
          </Button>
        </form>
      </Card>
    </PageContainer>
  );
}

/** /reset-password?token=...: checks the link first, then asks for the new password twice. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('account:reset.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const check = useCheckResetToken(token);

  if (!token) {
    return (
      <PageContainer width="narrow">
        <EmptyState
          icon={<CircleX />}
          title={t('account:link.invalidTitle')}
          titleAs="h1"
          text={t('account:reset.noToken')}
          action={<RequestNewLink />}
        />
      </PageContainer>
    );
  }
  if (check.isPending) return <FullPageSpinner label={t('account:reset.checking')} />;
  if (check.isError) return <LinkProblem error={check.error} />;
  return <NewPasswordForm token={token} />;
}
