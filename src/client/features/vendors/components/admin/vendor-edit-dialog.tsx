import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  adminVendorEditSchema,
  type AdminVendorDetail,
  type AdminVendorEdit,
  type AdminVendorEditInput,
} from '@shared/vendors/admin-vendors';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormField, Input, Select, Textarea } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { showSaveFailure } from '@client/lib/form-errors';
import { useVendorDetail } from '@client/features/vendors/api/get-vendor-detail';
import { useUpdateVendor } from '@client/features/vendors/api/update-vendor';
import { useTranslation } from '@client/lib/translation';
import { DialogFormActions } from '@client/components/admin/dialog-form-actions';
import '@client/lib/admin-texts';
import { CityOptions, VendorCategoryOptions } from '@client/components/place-options';

function valuesOf(vendor: AdminVendorDetail): AdminVendorEditInput {
  return {
    businessName: vendor.businessName,
    businessCategory: vendor.businessCategory,
    businessDescription: vendor.businessDescription ?? '',
    website: vendor.website ?? '',
    contactPerson: vendor.contactPerson ?? '',
    contactEmail: vendor.contactEmail ?? '',
    phone: vendor.phone,
    whatsapp: vendor.whatsapp ?? '',
    address: vendor.address,
    city: vendor.city as AdminVendorEditInput['city'],
    area: vendor.area,
  };
}

function EditForm({
  vendor,
  onSaved,
  onCancel,
}: {
  vendor: AdminVendorDetail;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const update = useUpdateVendor(vendor.id);
  const form = useForm<AdminVendorEditInput, unknown, AdminVendorEdit>({
    resolver: zodResolver(adminVendorEditSchema),
    defaultValues: valuesOf(vendor),
  });
  const errors = form.formState.errors;
  const working = update.isPending;
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => showSaveFailure(form.setError, error, t('admin:edit.failed')),
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('admin:edit.businessName')} required error={errors.businessName?.message}>
          <Input disabled={working} {...form.register('businessName')} />
        </FormField>
        <FormField label={t('admin:vendor.category')} required error={errors.businessCategory?.message}>
          <Select disabled={working} {...form.register('businessCategory')}>
            <VendorCategoryOptions />
          </Select>
        </FormField>
        <FormField label={t('admin:vendor.phone')} required error={errors.phone?.message}>
          <Input type="tel" disabled={working} {...form.register('phone')} />
        </FormField>
        <FormField label={t('admin:edit.whatsapp')} error={errors.whatsapp?.message}>
          <Input type="tel" disabled={working} {...form.register('whatsapp')} />
        </FormField>
        <FormField label={t('admin:edit.contactPerson')} error={errors.contactPerson?.message}>
          <Input disabled={working} {...form.register('contactPerson')} />
        </FormField>
        <FormField label={t('admin:edit.contactEmail')} error={errors.contactEmail?.message}>
          <Input type="email" disabled={working} {...form.register('contactEmail')} />
        </FormField>
        <FormField label={t('admin:edit.street')} required error={errors.address?.message}>
          <Input disabled={working} {...form.register('address')} />
        </FormField>
        <FormField label={t('admin:edit.area')} required error={errors.area?.message}>
          <Input disabled={working} {...form.register('area')} />
        </FormField>
        <FormField label={t('admin:edit.city')} required error={errors.city?.message}>
          <Select disabled={working} {...form.register('city')}>
            <CityOptions />
          </Select>
        </FormField>
        <FormField label={t('admin:vendor.website')} error={errors.website?.message}>
          <Input
            type="url"
            placeholder={t('admin:edit.websitePlaceholder')}
            disabled={working}
            {...form.register('website')}
          />
        </FormField>
      </div>
      <FormField label={t('admin:vendor.description')} error={errors.businessDescription?.message}>
        <Textarea rows={3} disabled={working} {...form.register('businessDescription')} />
      </FormField>
      <DialogFormActions
        error={errors.root?.message}
        busy={working}
        onCancel={onCancel}
        submitLabel={t('admin:form.save')}
      />
    </form>
  );
}

/** Edit: an admin corrects a vendor's profile; the change is audited. */
export function VendorEditDialog({
  vendorId,
  onOpenChange,
  onSaved,
}: {
  vendorId: string | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const detail = useVendorDetail(vendorId);
  return (
    <Dialog open={vendorId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={detail.data ? t('admin:edit.titleOf', { name: detail.data.businessName }) : t('admin:edit.title')}
        className="max-w-2xl"
      >
        {detail.data ? (
          <EditForm key={detail.data.id} vendor={detail.data} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('admin:vendor.error')}
          </p>
        ) : (
          <Spinner label={t('admin:vendor.loading')} className="text-brand-700" />
        )}
      </DialogContent>
    </Dialog>
  );
}
