import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SUPPORT_TEMPLATE_BODY_MAX, SUPPORT_TEMPLATE_TITLE_MAX } from '@shared/platform/support';
import {
  supportTemplateInputSchema,
  type SupportTemplate,
  type SupportTemplateInput,
} from '@shared/platform/support-inbox';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormField, Input, Textarea } from '@client/components/ui/form-field';
import { showSaveFailure } from '@client/lib/form-errors';
import { useTranslation } from '@client/lib/translation';
import { DialogFormActions } from '@client/components/admin/dialog-form-actions';
import '@client/lib/admin-texts';
import '@client/features/accounts/form-texts';
import { useChangeSupportTemplate } from '@client/features/platform/api/save-support-template';

/** What the dialog edits: a saved reply, or a new one (no id). */
export type TemplateDraft = Pick<SupportTemplate, 'title' | 'bodyEn' | 'bodyUr'> & { id?: string };

export const NEW_TEMPLATE: TemplateDraft = { title: '', bodyEn: '', bodyUr: '' };

function TemplateForm({
  template,
  onSaved,
  onCancel,
}: {
  template: TemplateDraft;
  onSaved: (title: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const change = useChangeSupportTemplate();
  const form = useForm<SupportTemplateInput>({
    resolver: zodResolver(supportTemplateInputSchema),
    defaultValues: { title: template.title, bodyEn: template.bodyEn, bodyUr: template.bodyUr },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) =>
    change.mutate(template.id ? { action: 'update', id: template.id, input } : { action: 'create', input }, {
      onSuccess: () => onSaved(input.title),
      onError: (error) => showSaveFailure(form.setError, error, t('admin:chat.saveFailed')),
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormField label={t('admin:chat.templateTitle')} required error={errors.title?.message}>
        <Input maxLength={SUPPORT_TEMPLATE_TITLE_MAX} {...form.register('title')} />
      </FormField>
      <FormField label={t('admin:chat.templateEnglish')} required error={errors.bodyEn?.message}>
        <Textarea rows={5} maxLength={SUPPORT_TEMPLATE_BODY_MAX} lang="en" dir="ltr" {...form.register('bodyEn')} />
      </FormField>
      <FormField label={t('admin:chat.templateUrdu')} required error={errors.bodyUr?.message}>
        <Textarea rows={5} maxLength={SUPPORT_TEMPLATE_BODY_MAX} lang="ur" dir="rtl" {...form.register('bodyUr')} />
      </FormField>
      <DialogFormActions
        error={errors.root?.message}
        busy={change.isPending}
        onCancel={onCancel}
        submitLabel={t('admin:chat.saveTemplate')}
      />
    </form>
  );
}

/** Add or edit a saved reply: its title and its text in English and in Urdu, both required. */
export function SupportTemplateDialog({
  template,
  onOpenChange,
  onSaved,
}: {
  template: TemplateDraft | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (title: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      {template ? (
        <DialogContent
          title={template.id ? t('admin:chat.editTemplate') : t('admin:chat.addTemplate')}
          className="max-w-2xl"
        >
          <TemplateForm
            key={template.id ?? 'new'}
            template={template}
            onSaved={onSaved}
            onCancel={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
