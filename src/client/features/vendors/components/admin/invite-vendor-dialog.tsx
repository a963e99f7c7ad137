import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { inviteVendorSchema, type InviteVendorInput } from '@shared/vendors/admin-vendors';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormField, Input, Textarea } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useInviteVendor } from '@client/features/vendors/api/invite-vendor';
import { useTranslation } from '@client/lib/translation';
import { DialogFormActions } from '@client/components/admin/dialog-form-actions';
import '@client/lib/admin-texts';

interface InviteVendorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (email: string) => void;
}

/** Invite Vendor: an e-mail with a link to the vendor application form. */
export function InviteVendorDialog({ open, onOpenChange, onInvited }: InviteVendorDialogProps) {
  const { t } = useTranslation('admin');
  const invite = useInviteVendor();
  const form = useForm<InviteVendorInput>({
    resolver: zodResolver(inviteVendorSchema),
    defaultValues: { email: '', name: '', message: '' },
  });
  const errors = form.formState.errors;
  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (result) => {
        close(false);
        onInvited(result.email);
      },
      onError: (error) =>
        form.setError('root', {
          message: error instanceof ApiError ? error.message : t('admin:invite.failed'),
        }),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => (invite.isPending ? undefined : close(next))}>
      <DialogContent title={t('admin:vendors.invite')} description={t('admin:invite.description')}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField label={t('admin:invite.email')} required error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="off"
              placeholder={t('admin:invite.emailPlaceholder')}
              {...form.register('email')}
            />
          </FormField>
          <FormField label={t('admin:invite.name')} error={errors.name?.message}>
            <Input {...form.register('name')} />
          </FormField>
          <FormField label={t('admin:invite.message')} error={errors.message?.message}>
            <Textarea rows={3} maxLength={1000} {...form.register('message')} />
          </FormField>
          <DialogFormActions
            error={errors.root?.message}
            busy={invite.isPending}
            onCancel={() => close(false)}
            submitLabel={t('admin:invite.send')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
