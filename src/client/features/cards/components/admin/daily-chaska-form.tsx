import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { createDailyChaskaSchema, type CreateDailyChaskaInput } from '@shared/platform/admin-dashboard';
import { Button } from '@client/components/ui/button';
import { FormField, Input, FormError } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useCreateDailyChaska } from '@client/features/cards/api/create-daily-chaska';
import { VendorPicker } from '@client/components/admin/vendor-picker';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** "2025-06-15T18:30" for a datetime-local input, in the browser's time (Pakistan for our admins). */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function defaults(): CreateDailyChaskaInput {
  return {
    vendorId: '',
    name: '',
    rewardTitle: '',
    dealPrice: 299,
    originalPrice: 499,
    stock: 5,
    endsAt: localInputValue(new Date(Date.now() + 24 * 3_600_000)),
  };
}

/** The Daily Chaska creation action: an active card with one stamp required (SPEC.md section 4). */
export function DailyChaskaForm({
  onCreated,
  onCancel,
}: {
  onCreated: (message: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin');
  const create = useCreateDailyChaska();
  const form = useForm<CreateDailyChaskaInput>({
    resolver: zodResolver(createDailyChaskaSchema),
    defaultValues: defaults(),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    create.mutate(
      // The input holds local wall-clock time; the API takes an instant.
      { ...values, endsAt: new Date(values.endsAt).toISOString() },
      {
        onSuccess: (card) => {
          form.reset(defaults());
          onCreated(t('admin:daily.created', { name: card.name, vendor: card.vendorName }));
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          if (fields) {
            for (const [name, message] of Object.entries(fields)) {
              form.setError(name as keyof CreateDailyChaskaInput, { message });
            }
          }
          form.setError('root', {
            message: error instanceof ApiError && !fields ? error.message : t('admin:daily.checkFields'),
          });
        },
      },
    );
  });

  const working = create.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <Controller
        control={form.control}
        name="vendorId"
        render={({ field }) => (
          <VendorPicker
            value={field.value}
            onChange={field.onChange}
            error={errors.vendorId?.message}
            disabled={working}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('admin:daily.name')} required error={errors.name?.message}>
          <Input disabled={working} placeholder={t('admin:daily.namePlaceholder')} {...form.register('name')} />
        </FormField>
        <FormField label={t('admin:daily.rewardTitle')} required error={errors.rewardTitle?.message}>
          <Input
            disabled={working}
            placeholder={t('admin:daily.rewardPlaceholder')}
            {...form.register('rewardTitle')}
          />
        </FormField>
        <FormField label={t('admin:daily.dealPrice')} required error={errors.dealPrice?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            disabled={working}
            {...form.register('dealPrice', { valueAsNumber: true })}
          />
        </FormField>
        <FormField label={t('admin:daily.originalPrice')} required error={errors.originalPrice?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            disabled={working}
            {...form.register('originalPrice', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          label={t('admin:daily.stock')}
          required
          hint={t('admin:daily.stockHint')}
          error={errors.stock?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            disabled={working}
            {...form.register('stock', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          label={t('admin:daily.endsAt')}
          required
          hint={t('admin:daily.endsHint')}
          error={errors.endsAt?.message}
        >
          <Input type="datetime-local" disabled={working} {...form.register('endsAt')} />
        </FormField>
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" disabled={working} onClick={onCancel}>
            {t('admin:form.cancel')}
          </Button>
        ) : null}
        <Button type="submit" busy={working}>
          {t('admin:daily.create')}
        </Button>
      </div>
    </form>
  );
}
