import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, MailCheck } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSession } from '@client/lib/use-session';
import { useVerifyEmail, VERIFY_EMAIL_QUERY_SEGMENT } from '@client/features/accounts/api/verify-email';
import '@client/features/accounts/account-texts';
import { ResendVerificationButton } from './resend-verification-button';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

// After signing in, the profile page offers "Resend verification e-mail".
const signInForNewLink = `/auth?next=${encodeURIComponent('/complete-profile')}`;

function Result({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <PageContainer width="narrow">
      <EmptyState icon={icon} title={title} titleAs="h1" text={text} action={action} />
    </PageContainer>
  );
}

/** /verify-email?token=...: confirms the address once; expired, used and unknown links say so. */
export function VerifyEmailPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('account:verify.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const verification = useVerifyEmail(token);
  const { user } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    // The session, the dashboard and the profile show whether the address is confirmed. The
    // verification itself must not run again: its link is single use.
    if (verification.isSuccess) {
      void refreshAfterWrite(queryClient, { predicate: (query) => query.queryKey[1] !== VERIFY_EMAIL_QUERY_SEGMENT });
    }
  }, [verification.isSuccess, queryClient]);

  const onward = (
    <Button asChild>
      <Link to={user ? '/user' : '/auth'}>{t(user ? 'account:toDashboard' : 'account:verify.signIn')}</Link>
    </Button>
  );

  if (!token) {
    return (
      <Result
        icon={<CircleX />}
        title={t('account:link.invalidTitle')}
        text={t('account:verify.noToken')}
        action={onward}
      />
    );
  }
  if (verification.isPending) return <FullPageSpinner label={t('account:verify.confirming')} />;
  if (verification.isSuccess) {
    return (
      <Result
        icon={<CircleCheck />}
        title={t('account:verify.confirmedTitle')}
        text={t('account:verify.confirmedText')}
        action={onward}
      />
    );
  }

  const error = verification.error;
  const code = error instanceof ApiError ? error.code : '';
  const message = error instanceof ApiError && error.status < 500 ? error.message : t('account:link.checkFailed');
  if (code === 'link_used') {
    return <Result icon={<MailCheck />} title={t('account:link.usedTitle')} text={message} action={onward} />;
  }
  if (code === 'link_expired') {
    return (
      <Result
        icon={<Clock />}
        title={t('account:link.expiredTitle')}
        text={t('account:verify.expiredText', { message })}
        action={
          user ? (
            <ResendVerificationButton email={user.email} />
          ) : (
            <Button asChild>
              <Link to={signInForNewLink}>{t('account:verify.signInForNewLink')}</Link>
            </Button>
          )
        }
      />
    );
  }
  return <Result icon={<CircleX />} title={t('account:link.invalidTitle')} text={message} action={onward} />;
}
