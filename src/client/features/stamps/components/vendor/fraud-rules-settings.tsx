import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import { formatNumber } from '@shared/number-format';
import { fraudRulesUpdateSchema, type FraudRules, type FraudRulesUpdate } from '@shared/stamps/fraud-rules';
import { STAMPS_PER_VISIT_CAP } from '@shared/vendors/vendor-profile';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormError, FormField, Input, Select } from '@client/components/ui/form-field';
import { hasFieldErrors, showFieldErrors } from '@client/lib/form-errors';
import { ApiError } from '@client/lib/api-client';
import { useFraudRules, useSetFraudRules } from '@client/features/stamps/api/fraud';

function RulesForm({ rules }: { rules: FraudRules }) {
  const { t } = useTranslation('vendor');
  const save = useSetFraudRules();
  const form = useForm<FraudRulesUpdate>({
    resolver: zodResolver(fraudRulesUpdateSchema),
    defaultValues: { pinAboveQuantity: rules.pinAboveQuantity },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ pinAboveQuantity: values.pinAboveQuantity, ...(values.pin ? { pin: values.pin } : {}) });
      form.reset({ pinAboveQuantity: values.pinAboveQuantity });
    } catch (error) {
      if (hasFieldErrors(error)) showFieldErrors(form.setError, error);
      else form.setError('root', { message: error instanceof ApiError ? error.message : String(error) });
    }
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-stone-700" role="status">
        {rules.pinSet ? t('vendor:fraud.pinIsSet') : t('vendor:fraud.pinNotSet')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('vendor:fraud.pinAbove')}
          hint={t('vendor:fraud.pinAboveHint', { count: rules.maxStampsPerVisit })}
          error={errors.pinAboveQuantity?.message}
        >
          <Select {...form.register('pinAboveQuantity', { valueAsNumber: true })}>
            {Array.from({ length: STAMPS_PER_VISIT_CAP }, (_, index) => index + 1).map((quantity) => (
              <option key={quantity} value={quantity}>
                {formatNumber(quantity)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('vendor:fraud.newPin')} hint={t('vendor:fraud.newPinHint')} error={errors.pin?.message}>
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={6}
            {...form.register('pin', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
          />
        </FormField>
      </div>
      <FormError message={errors.root?.message} />
      {save.isSuccess && !form.formState.isDirty ? (
        <p className="text-sm text-green-800" role="status">
          {t('vendor:fraud.saved')}
        </p>
      ) : null}
      <div>
        <Button type="submit" busy={save.isPending}>
          {t('vendor:fraud.save')}
        </Button>
      </div>
    </form>
  );
}

/** The owner's PIN for large orders (decision 086), on the shop profile. The server keeps it to the owner. */
export function FraudRulesSettings() {
  const { t } = useTranslation('vendor');
  const rules = useFraudRules();
  return (
    <Card title={t('vendor:fraud.rulesTitle')} description={t('vendor:fraud.rulesDescription')}>
      {rules.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          {t('vendor:fraud.loading')}
        </p>
      ) : rules.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {rules.error.message}
        </p>
      ) : (
        <RulesForm rules={rules.data} />
      )}
    </Card>
  );
}
