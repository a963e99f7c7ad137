import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatLongDateTime } from '@shared/pakistan-time';
import { SUPPORT_MESSAGE_MAX, requesterMessageReopens } from '@shared/platform/support';
import type { SupportThread } from '@shared/platform/support-inbox';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormError, FormField, Textarea } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useTranslation } from '@client/lib/translation';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSupportConversation } from '@client/features/platform/api/get-support-conversation';
import { useChangeSupportConversation } from '@client/features/platform/api/write-to-support';
import '@client/features/accounts/form-texts';
import '@client/features/platform/support-texts';
import { SupportStatusBadge } from './support-status-badge';
import { SupportThreadMessages } from './support-thread-messages';
import { useSupportMessageForm } from './use-support-message-form';

function BackLink() {
  const { t } = useTranslation('support');
  return (
    <Button asChild variant="ghost" size="sm" className="-ms-3 mb-4">
      <Link to="/support">
        <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
        {t('support:thread.back')}
      </Link>
    </Button>
  );
}

function WriteAgain({ thread }: { thread: SupportThread }) {
  const { t } = useTranslation('support');
  const change = useChangeSupportConversation(thread.id);
  const [closing, setClosing] = useState(false);
  const { form, failed, submit } = useSupportMessageForm(
    (message, handlers) => change.mutate({ action: 'write', message }, handlers),
    t('support:thread.failed'),
  );
  const errors = form.formState.errors;
  return (
    <Card title={t('support:thread.reply')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {thread.status === 'closed' ? <Banner tone="info">{t('support:thread.closedNote')}</Banner> : null}
        {change.isSuccess && change.variables.action === 'write' && !form.formState.isDirty ? (
          <Banner tone="success">{t('support:thread.sent')}</Banner>
        ) : null}
        <FormField
          label={t('support:inbox.message')}
          required
          hint={requesterMessageReopens(thread.status) ? t('support:thread.reopenHint') : t('support:thread.replyHint')}
          error={errors.message?.message}
        >
          <Textarea rows={4} maxLength={SUPPORT_MESSAGE_MAX} {...form.register('message')} />
        </FormField>
        <FormError message={errors.root?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {thread.status !== 'closed' ? (
            <Button variant="outline" disabled={change.isPending} onClick={() => setClosing(true)}>
              {t('support:thread.close')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" busy={change.isPending && change.variables.action === 'write'}>
            {t('support:thread.send')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={closing}
        onOpenChange={setClosing}
        title={t('support:thread.closeTitle')}
        text={t('support:thread.closeText')}
        confirmLabel={t('support:thread.close')}
        busy={change.isPending && change.variables.action === 'close'}
        onConfirm={() =>
          change.mutate(
            { action: 'close' },
            {
              onSettled: () => setClosing(false),
              onError: failed,
            },
          )
        }
      />
    </Card>
  );
}

function Conversation({ id }: { id: string }) {
  const { t } = useTranslation('support');
  const conversation = useSupportConversation(id);
  useDocumentTitle(conversation.data?.subject ?? t('support:title'));

  if (conversation.isPending) {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner size="lg" label={t('support:thread.loading')} />
      </div>
    );
  }
  if (conversation.isError) {
    if (conversation.error instanceof ApiError && conversation.error.status === 404) {
      return (
        <EmptyState
          icon={<MessagesSquare />}
          titleAs="h1"
          title={t('support:thread.notFound')}
          text={t('support:thread.notFoundText')}
          action={
            <Button asChild>
              <Link to="/support">{t('support:thread.back')}</Link>
            </Button>
          }
        />
      );
    }
    return <Banner tone="error">{t('support:thread.loadFailed')}</Banner>;
  }
  const thread = conversation.data;
  return (
    <>
      <PageHeader
        title={<span className="break-words">{thread.subject}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <SupportStatusBadge status={thread.status} />
            {t('support:thread.started', { time: formatLongDateTime(thread.createdAt) })}
          </span>
        }
      />
      <div className="flex flex-col gap-6">
        <SupportThreadMessages
          label={t('support:thread.messages')}
          messages={thread.messages}
          language={thread.language}
          authorOf={(author) => (author === 'admin' ? t('support:thread.team') : t('support:thread.you'))}
        />
        <WriteAgain thread={thread} />
      </div>
    </>
  );
}

/** One of the person's support conversations (/support/<id>): the thread, writing again, closing it. */
export function SupportConversationPage() {
  const { conversationId = '' } = useParams();
  return (
    <PageContainer width="narrow">
      <BackLink />
      <RequireAuth>
        <Conversation key={conversationId} id={conversationId} />
      </RequireAuth>
    </PageContainer>
  );
}
