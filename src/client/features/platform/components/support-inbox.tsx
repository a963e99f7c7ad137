import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronRight, LogIn, MessagesSquare } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { formatLongDateTime } from '@shared/pakistan-time';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@shared/platform/support';
import { newSupportConversationSchema, type NewSupportConversationInput } from '@shared/platform/support-inbox';
import { signInPathFor } from '@client/components/guards';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormError, FormField, Input, Textarea } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { showFieldErrors } from '@client/lib/form-errors';
import { useTranslation } from '@client/lib/translation';
import { useSession } from '@client/lib/use-session';
import { useSupportConversations } from '@client/features/platform/api/support-conversations';
import { useStartSupportConversation } from '@client/features/platform/api/write-to-support';
import '@client/features/accounts/form-texts';
import '@client/features/platform/support-texts';
import { SupportStatusBadge } from './support-status-badge';

/** /support's own address, to come back to after signing in. */
const SIGN_IN_PATH = signInPathFor({ pathname: '/support', search: '' });

function SignInToWrite() {
  const { t } = useTranslation('support');
  return (
    <Card>
      <p className="text-sm text-stone-700">{t('support:inbox.signInText')}</p>
      <Button asChild className="mt-4 w-full sm:w-auto">
        <Link to={SIGN_IN_PATH}>
          <LogIn aria-hidden="true" />
          {t('support:inbox.signIn')}
        </Link>
      </Button>
    </Card>
  );
}

function NewConversationForm() {
  const { t } = useTranslation('support');
  const start = useStartSupportConversation();
  const form = useForm<NewSupportConversationInput>({
    resolver: zodResolver(newSupportConversationSchema),
    defaultValues: { subject: '', message: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    start.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        showFieldErrors(form.setError, error);
        if (!(error instanceof ApiError && error.fields))
          form.setError('root', { message: error instanceof ApiError ? error.message : t('support:inbox.failed') });
      },
    }),
  );
  return (
    <Card>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {start.isSuccess && !form.formState.isDirty ? <Banner tone="success">{t('support:inbox.sent')}</Banner> : null}
        <FormField label={t('support:inbox.subject')} required error={errors.subject?.message}>
          <Input
            maxLength={SUPPORT_SUBJECT_MAX}
            placeholder={t('support:inbox.subjectPlaceholder')}
            {...form.register('subject')}
          />
        </FormField>
        <FormField
          label={t('support:inbox.message')}
          required
          hint={t('support:inbox.messageHint')}
          error={errors.message?.message}
        >
          <Textarea rows={5} maxLength={SUPPORT_MESSAGE_MAX} {...form.register('message')} />
        </FormField>
        <FormError message={errors.root?.message} />
        <div>
          <Button type="submit" busy={start.isPending} className="w-full sm:w-auto">
            {t('support:inbox.send')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function YourConversations() {
  const { t } = useTranslation('support');
  const list = useSupportConversations();
  const conversations = list.data?.conversations ?? [];
  return (
    <section aria-labelledby="your-conversations" className="mt-8">
      <h2 id="your-conversations" className="text-xl font-bold text-stone-900">
        {t('support:inbox.yours')}
      </h2>
      <div className="mt-3">
        {list.isPending ? (
          <div className="flex justify-center py-6 text-brand-700">
            <Spinner label={t('support:inbox.listLoading')} />
          </div>
        ) : list.isError ? (
          <Banner tone="error">{t('support:inbox.listFailed')}</Banner>
        ) : conversations.length === 0 ? (
          <EmptyState
            icon={<MessagesSquare />}
            titleAs="h3"
            title={t('support:inbox.none')}
            text={t('support:inbox.noneText')}
            className="py-6 sm:py-8"
          />
        ) : (
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm">
            {conversations.map((conversation) => (
              <li key={conversation.id}>
                <Link
                  to={`/support/${conversation.id}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50 sm:px-6"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-stone-900">{conversation.subject}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
                      <SupportStatusBadge status={conversation.status} />
                      {t('support:inbox.lastActivity', { time: formatLongDateTime(conversation.lastMessageAt) })}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-400 rtl:rotate-180" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * Write to us, and your conversations with their status: for a signed-in person; a visitor is
 * asked to sign in and comes back here. Drawn in the browser once the session is known.
 */
export function SupportInbox() {
  const { t } = useTranslation('support');
  const { user, isLoading } = useSession();
  return (
    <div className="mt-10">
      <section aria-labelledby="support-inbox">
        <h2 id="support-inbox" className="text-xl font-bold text-stone-900">
          {t('support:inbox.title')}
        </h2>
        <p className="mt-1 mb-3 text-sm text-stone-600">{t('support:inbox.description')}</p>
        {isLoading ? (
          <div className="flex justify-center py-6 text-brand-700">
            <Spinner label={t('common:loading')} />
          </div>
        ) : user ? (
          <NewConversationForm />
        ) : (
          <SignInToWrite />
        )}
      </section>
      {user ? <YourConversations /> : null}
    </div>
  );
}
