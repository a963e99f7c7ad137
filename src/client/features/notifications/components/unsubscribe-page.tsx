import { useQueryClient } from '@tanstack/react-query';
import { CircleX, MailCheck, WifiOff } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import '@client/lib/email-preferences-texts';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { EMAIL_PREFERENCES_QUERY_KEY } from '@client/features/notifications/api/get-email-preferences';
import { useUnsubscribeByLink } from '@client/features/notifications/api/unsubscribe-by-link';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

function WaysBack({ retry }: { retry?: () => void }) {
  const { t } = useTranslation('emailPreferences');
  return (
    <>
      {retry ? <Button onClick={retry}>{t('emailPreferences:tryAgain')}</Button> : null}
      <Button asChild variant={retry ? 'outline' : 'primary'}>
        <Link to="/email-preferences">{t('emailPreferences:link.manage')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">{t('emailPreferences:link.backHome')}</Link>
      </Button>
    </>
  );
}

function Result({ icon, title, text, retry }: { icon: ReactNode; title: string; text: ReactNode; retry?: () => void }) {
  return (
    <PageContainer width="narrow">
      <EmptyState icon={icon} title={title} titleAs="h1" text={text} action={<WaysBack retry={retry} />} />
    </PageContainer>
  );
}

/**
 * /unsubscribe?u=&t=: the signed link at the foot of every non-security e-mail. Opening it
 * unsubscribes at once (one click), signed in or not, and says what happened.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('emailPreferences');
  useDocumentTitle(t('emailPreferences:link.title'));
  const [params] = useSearchParams();
  const userParam = params.get('u');
  const tokenParam = params.get('t');
  const link = userParam && tokenParam ? { u: userParam, t: tokenParam } : null;
  const result = useUnsubscribeByLink(link);
  const queryClient = useQueryClient();

  useEffect(() => {
    // Someone signed in on this browser sees the unsubscribed banner on their preferences page.
    if (result.isSuccess) void refreshAfterWrite(queryClient, { queryKey: EMAIL_PREFERENCES_QUERY_KEY });
  }, [result.isSuccess, queryClient]);

  if (!link) {
    return (
      <Result
        icon={<CircleX />}
        title={t('emailPreferences:link.invalid')}
        text={t('emailPreferences:link.invalidHint')}
      />
    );
  }
  if (result.isPending) return <FullPageSpinner label={t('emailPreferences:link.pending')} />;
  if (result.isSuccess) {
    return (
      <Result
        icon={<MailCheck />}
        title={t('emailPreferences:link.done')}
        text={
          <>
            <p>{t('emailPreferences:link.doneText')}</p>
            <p className="mt-2">{t('emailPreferences:link.changedMind')}</p>
          </>
        }
      />
    );
  }
  const error = result.error;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    // A bad signature or a mangled address; a link of a deleted account says so in its own words.
    const text = error.status === 400 ? t('emailPreferences:link.invalidHint') : error.message;
    return <Result icon={<CircleX />} title={t('emailPreferences:link.invalid')} text={text} />;
  }
  return (
    <Result
      icon={<WifiOff />}
      title={t('emailPreferences:link.failed')}
      text={t('emailPreferences:link.failedText')}
      retry={() => void result.refetch()}
    />
  );
}
