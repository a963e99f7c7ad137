import { useQueryClient } from '@tanstack/react-query';
import { CircleX, MailCheck, WifiOff } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BRAND } from '@shared/brand';
import { INVALID_UNSUBSCRIBE_LINK_HINT } from '@shared/email';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { EMAIL_PREFERENCES_QUERY_KEY } from '@client/features/notifications/api/get-email-preferences';
import { useUnsubscribeByLink } from '@client/features/notifications/api/unsubscribe-by-link';

function WaysBack({ retry }: { retry?: () => void }) {
  return (
    <>
      {retry ? <Button onClick={retry}>Try again</Button> : null}
      <Button asChild variant={retry ? 'outline' : 'primary'}>
        <Link to="/email-preferences">Manage email preferences</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">Back to {BRAND.name}</Link>
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
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const u = params.get('u');
  const t = params.get('t');
  const link = u && t ? { u, t } : null;
  const result = useUnsubscribeByLink(link);
  const queryClient = useQueryClient();

  useEffect(() => {
    // Someone signed in on this browser sees the unsubscribed banner on their preferences page.
    if (result.isSuccess) void queryClient.invalidateQueries({ queryKey: EMAIL_PREFERENCES_QUERY_KEY });
  }, [result.isSuccess, queryClient]);

  if (!link) {
    return (
      <Result icon={<CircleX />} title="This unsubscribe link is not valid" text={INVALID_UNSUBSCRIBE_LINK_HINT} />
    );
  }
  if (result.isPending) return <FullPageSpinner label="Unsubscribing..." />;
  if (result.isSuccess) {
    return (
      <Result
        icon={<MailCheck />}
        title={`You have been unsubscribed from all ${BRAND.name} e-mails`}
        text={
          <>
            <p>We will not send you any more e-mails, except the ones you ask for, such as a password reset link.</p>
            <p className="mt-2">Changed your mind? Sign in and choose Resubscribe on your email preferences.</p>
          </>
        }
      />
    );
  }
  const error = result.error;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    // A bad signature or a mangled address; a link of a deleted account says so in its own words.
    const text = error.status === 400 ? INVALID_UNSUBSCRIBE_LINK_HINT : error.message;
    return <Result icon={<CircleX />} title="This unsubscribe link is not valid" text={text} />;
  }
  return (
    <Result
      icon={<WifiOff />}
      title="Failed to unsubscribe"
      text="We could not reach Chaska just now. Please try again in a moment."
      retry={() => void result.refetch()}
    />
  );
}
