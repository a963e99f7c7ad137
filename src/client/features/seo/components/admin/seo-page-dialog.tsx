import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  saveSeoPageSchema,
  type SaveSeoPageInput,
  type SeoPage,
} from '@shared/seo/admin-seo';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormField, Input, Textarea } from '@client/components/ui/form-field';
import { showSaveFailure } from '@client/lib/form-errors';
import { useChangeSeoPage } from '@client/features/seo/api/save-seo-page';
import { useTranslation } from '@client/lib/translation';
import { DialogFormActions } from '@client/components/admin/dialog-form-actions';
import '@client/lib/admin-texts';

interface SeoPageDialogProps {
  /** The page to edit; a page with an empty path lets the admin type a vendor page's address. */
  page: SeoPage | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (path: string) => void;
}

function SeoForm({
  page,
  onSaved,
  onCancel,
}: {
  page: SeoPage;
  onSaved: (path: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const change = useChangeSeoPage();
  const form = useForm<SaveSeoPageInput>({
    resolver: zodResolver(saveSeoPageSchema),
    defaultValues: {
      path: page.path,
      title: page.title ?? page.defaultTitle ?? '',
      description: page.description ?? page.defaultDescription ?? '',
    },
  });
  const errors = form.formState.errors;
  const title = useWatch({ control: form.control, name: 'title' });
  const description = useWatch({ control: form.control, name: 'description' });
  const submit = form.handleSubmit((values) =>
    change.mutate(
      { action: 'save', input: values },
      {
        onSuccess: () => onSaved(values.path),
        onError: (error) => showSaveFailure(form.setError, error, t('admin:seo.saveFailed')),
      },
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormField
        label={t('admin:seo.path')}
        required
        hint={page.path ? undefined : t('admin:seo.pathHint')}
        error={errors.path?.message}
      >
        <Input readOnly={Boolean(page.path)} placeholder={t('admin:seo.pathPlaceholder')} {...form.register('path')} />
      </FormField>
      <FormField
        label={t('admin:seo.pageTitle')}
        required
        hint={t('admin:seo.titleHint', { count: title.length, max: SEO_TITLE_MAX })}
        error={errors.title?.message}
      >
        <Input maxLength={SEO_TITLE_MAX} {...form.register('title')} />
      </FormField>
      <FormField
        label={t('admin:seo.pageDescription')}
        required
        hint={t('admin:seo.descriptionHint', { count: description.length, max: SEO_DESCRIPTION_MAX })}
        error={errors.description?.message}
      >
        <Textarea rows={3} maxLength={SEO_DESCRIPTION_MAX} {...form.register('description')} />
      </FormField>
      <DialogFormActions
        error={errors.root?.message}
        busy={change.isPending}
        onCancel={onCancel}
        submitLabel={t('admin:seo.save')}
      />
    </form>
  );
}

/** Edit the title and description search engines and link previews show for one page. */
export function SeoPageDialog({ page, onOpenChange, onSaved }: SeoPageDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={page !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={page?.path ? t('admin:seo.listingOf', { path: page.path }) : t('admin:seo.listingOfVendor')}
        className="max-w-xl"
      >
        {page ? <SeoForm key={page.path} page={page} onSaved={onSaved} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
