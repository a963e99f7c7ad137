import { formatLongDateTime } from '@shared/pakistan-time';
import { SUPPORT_MESSAGE_MAX } from '@shared/platform/support';
import type { AdminSupportThread, SupportTemplate } from '@shared/platform/support-inbox';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormError, FormField, Select, Textarea } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import '@client/features/accounts/form-texts';
import { useAdminSupportConversation, useSupportTemplates } from '@client/features/platform/api/admin-support-inbox';
import { useAnswerSupportConversation } from '@client/features/platform/api/answer-support';
import { SupportThreadMessages } from '@client/features/platform/components/support-thread-messages';
import { useSupportMessageForm } from '@client/features/platform/components/use-support-message-form';
import { AdminSupportStatusBadge, LANGUAGE_LABEL, ROLE_LABEL } from './support-labels';
import { templateTextFor } from './support-template-text';

/** The answer box: a saved reply fills it in the conversation's language, editable; send, or close the conversation. */
function AnswerForm({ thread, templates }: { thread: AdminSupportThread; templates: readonly SupportTemplate[] }) {
  const { t } = useTranslation('admin');
  const change = useAnswerSupportConversation(thread.id);
  const { form, failed, submit } = useSupportMessageForm(
    (message, handlers) => change.mutate({ action: 'answer', message }, handlers),
    t('admin:chat.answerFailed'),
  );
  const errors = form.formState.errors;
  const language = t(LANGUAGE_LABEL[thread.language]);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {change.isSuccess && change.variables.action === 'answer' && !form.formState.isDirty ? (
        <Banner tone="success">{t('admin:chat.sent')}</Banner>
      ) : null}
      <FormField
        label={t('admin:chat.savedReply')}
        hint={templates.length ? t('admin:chat.savedReplyHint', { language }) : t('admin:chat.noSavedReplies')}
      >
        <Select
          value=""
          disabled={templates.length === 0}
          onChange={(event) => {
            const template = templates.find((item) => item.id === event.target.value);
            if (template)
              form.setValue('message', templateTextFor(template, thread.language), {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              });
          }}
        >
          <option value="">{t('admin:chat.chooseReply')}</option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.title}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label={t('admin:chat.answer')}
        required
        hint={t('admin:chat.answerHint')}
        error={errors.message?.message}
      >
        <Textarea
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX}
          lang={thread.language}
          dir="auto"
          {...form.register('message')}
        />
      </FormField>
      <FormError message={errors.root?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="outline"
          disabled={change.isPending}
          busy={change.isPending && change.variables.action === 'close'}
          onClick={() => change.mutate({ action: 'close' }, { onError: failed })}
        >
          {t('admin:chat.close')}
        </Button>
        <Button type="submit" busy={change.isPending && change.variables.action === 'answer'}>
          {t('admin:chat.send')}
        </Button>
      </div>
    </form>
  );
}

function ConversationBody({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const conversation = useAdminSupportConversation(id);
  const templates = useSupportTemplates();
  if (conversation.isPending) {
    return (
      <div className="flex justify-center p-8 text-brand-700">
        <Spinner label={t('admin:chat.threadLoading')} />
      </div>
    );
  }
  if (conversation.isError) return <Banner tone="error">{t('admin:chat.threadFailed')}</Banner>;
  const thread = conversation.data;
  const requesterName = thread.requester.name || t('admin:chat.closedAccount');
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
        <AdminSupportStatusBadge status={thread.status} />
        {t('admin:chat.threadMeta', {
          role: t(ROLE_LABEL[thread.requesterRole]),
          language: t(LANGUAGE_LABEL[thread.language]),
          time: formatLongDateTime(thread.createdAt),
        })}
      </div>
      <SupportThreadMessages
        label={t('admin:chat.messages')}
        messages={thread.messages}
        language={thread.language}
        authorOf={(author) => (author === 'admin' ? t('admin:chat.team') : requesterName)}
      />
      {thread.status === 'closed' ? (
        <Banner tone="info">{t('admin:chat.closedNote')}</Banner>
      ) : (
        <AnswerForm thread={thread} templates={templates.data?.templates ?? []} />
      )}
    </div>
  );
}

/** One conversation of the inbox: who wrote, the thread, and the answer box. */
export function SupportConversationDialog({
  id,
  onOpenChange,
}: {
  id: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const conversation = useAdminSupportConversation(id);
  const requester = conversation.data?.requester;
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      {id ? (
        <DialogContent
          title={<span dir="auto">{conversation.data?.subject ?? t('admin:chat.threadLoading')}</span>}
          description={
            requester ? (
              <>
                {requester.name || t('admin:chat.closedAccount')}
                {requester.contact ? (
                  <>
                    {' · '}
                    <bdi dir="ltr">{requester.contact}</bdi>
                  </>
                ) : null}
              </>
            ) : undefined
          }
          className="max-w-2xl"
        >
          <ConversationBody key={id} id={id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
