import { MessageSquareText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SupportTemplate } from '@shared/platform/support-inbox';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { useSupportTemplates } from '@client/features/platform/api/admin-support-inbox';
import { useChangeSupportTemplate } from '@client/features/platform/api/save-support-template';
import { NEW_TEMPLATE, SupportTemplateDialog, type TemplateDraft } from './support-template-dialog';

/** The saved replies: add, edit and delete, each with its English and Urdu text. */
export function SupportTemplatesPanel({ onDone }: { onDone: (tone: 'success' | 'error', text: string) => void }) {
  const { t } = useTranslation('admin');
  const templates = useSupportTemplates();
  const change = useChangeSupportTemplate();
  const [editing, setEditing] = useState<TemplateDraft | null>(null);
  const [deleting, setDeleting] = useState<SupportTemplate | null>(null);
  const list = templates.data?.templates ?? [];
  return (
    <Card
      title={t('admin:chat.templates')}
      description={t('admin:chat.templatesText')}
      actions={
        <Button onClick={() => setEditing(NEW_TEMPLATE)}>
          <Plus aria-hidden="true" />
          {t('admin:chat.addTemplate')}
        </Button>
      }
    >
      {templates.isPending ? (
        <div className="flex justify-center p-8 text-brand-700">
          <Spinner label={t('admin:chat.templatesLoading')} />
        </div>
      ) : templates.isError ? (
        <Banner tone="error">{t('admin:chat.templatesFailed')}</Banner>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<MessageSquareText />}
          titleAs="h3"
          title={t('admin:chat.noTemplates')}
          text={t('admin:chat.noTemplatesText')}
        />
      ) : (
        <ul className="divide-y divide-stone-200">
          {list.map((template) => (
            <li key={template.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold break-words text-stone-900">{template.title}</h3>
                <p lang="en" dir="ltr" className="mt-1 line-clamp-2 text-sm text-stone-700">
                  {template.bodyEn}
                </p>
                <p lang="ur" dir="rtl" className="mt-1 line-clamp-2 text-sm text-stone-700">
                  {template.bodyUr}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing(template)}
                  aria-label={t('admin:chat.editOf', { title: template.title })}
                >
                  <Pencil aria-hidden="true" />
                  {t('admin:chat.edit')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setDeleting(template)}
                  aria-label={t('admin:chat.deleteOf', { title: template.title })}
                >
                  <Trash2 aria-hidden="true" />
                  {t('admin:chat.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SupportTemplateDialog
        template={editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onSaved={(title) => {
          setEditing(null);
          onDone('success', t('admin:chat.templateSaved', { title }));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('admin:chat.deleteTitle', { title: deleting?.title ?? '' })}
        text={t('admin:chat.deleteText')}
        confirmLabel={t('admin:chat.delete')}
        tone="danger"
        busy={change.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { id, title } = deleting;
          change.mutate(
            { action: 'delete', id },
            {
              onSuccess: () => onDone('success', t('admin:chat.templateDeleted', { title })),
              onError: (error) =>
                onDone('error', error instanceof ApiError ? error.message : t('admin:chat.saveFailed')),
              onSettled: () => setDeleting(null),
            },
          );
        }}
      />
    </Card>
  );
}
