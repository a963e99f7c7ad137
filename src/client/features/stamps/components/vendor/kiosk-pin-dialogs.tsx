import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '@client/lib/translation';
import { kioskPinSchema, type KioskPinInput } from '@shared/vendors/kiosk';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@client/components/ui/dialog';
import { FormError, FormField, Input } from '@client/components/ui/form-field';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@client/lib/api-client';
import { hasFieldErrors, showFieldErrors } from '@client/lib/form-errors';
import { useCheckKioskPin, useSetKioskPin } from '@client/features/stamps/api/kiosk-pin';

/** A refusal naming the PIN shows under it; any other (too many tries, no network) above the buttons. */
function showRefusal<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fallback: string) {
  if (hasFieldErrors(error)) showFieldErrors(setError, error);
  else setError('root', { message: error instanceof ApiError ? error.message : fallback });
}

/** A PIN typed on a tablet: digits only, hidden, never offered to a password manager. */
const PIN_INPUT = {
  type: 'password',
  inputMode: 'numeric',
  autoComplete: 'off',
  maxLength: 6,
  className: 'text-center font-mono text-2xl tracking-[0.5em]',
} as const;

/**
 * The owner sets or changes the kiosk PIN, typed twice. `firstTime`: kiosk mode starts once it is
 * saved (the button that opened this was "Kiosk mode").
 */
export function SetKioskPinDialog({
  open,
  onOpenChange,
  firstTime,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  firstTime: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation('vendor');
  const schema = kioskPinSchema
    .extend({ repeat: z.string() })
    .refine((values) => values.pin === values.repeat, { path: ['repeat'], error: t('vendor:kiosk.pinMismatch') });
  const form = useForm<KioskPinInput & { repeat: string }>({
    resolver: zodResolver(schema),
    defaultValues: { pin: '', repeat: '' },
  });
  const save = useSetKioskPin();
  const submit = form.handleSubmit(async ({ pin }) => {
    try {
      await save.mutateAsync({ pin });
      form.reset();
      onSaved();
    } catch (error) {
      showRefusal(form.setError, error, t('vendor:kiosk.saveFailed'));
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={firstTime ? t('vendor:kiosk.setPinTitle') : t('vendor:kiosk.changePinTitle')}
        description={t('vendor:kiosk.setPinText')}
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <FormField label={t('vendor:kiosk.pin')} error={form.formState.errors.pin?.message}>
            <Input {...PIN_INPUT} {...form.register('pin')} />
          </FormField>
          <FormField label={t('vendor:kiosk.pinRepeat')} error={form.formState.errors.repeat?.message}>
            <Input {...PIN_INPUT} {...form.register('repeat')} />
          </FormField>
          <FormError message={form.formState.errors.root?.message} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('vendor:kiosk.cancel')}</Button>
            </DialogClose>
            <Button type="submit" busy={save.isPending}>
              {firstTime ? t('vendor:kiosk.savePinAndStart') : t('vendor:kiosk.savePin')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Staff type the PIN to leave kiosk mode; a wrong one keeps the kiosk. */
export function LeaveKioskDialog({
  open,
  onOpenChange,
  onLeave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('vendor');
  const form = useForm<KioskPinInput>({ resolver: zodResolver(kioskPinSchema), defaultValues: { pin: '' } });
  const check = useCheckKioskPin();
  const submit = form.handleSubmit(async (values) => {
    try {
      await check.mutateAsync(values);
      form.reset();
      onLeave();
    } catch (error) {
      form.resetField('pin', { keepError: true });
      showRefusal(form.setError, error, t('vendor:kiosk.checkFailed'));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent title={t('vendor:kiosk.leaveTitle')} description={t('vendor:kiosk.leaveText')}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <FormField label={t('vendor:kiosk.pin')} error={form.formState.errors.pin?.message}>
            <Input {...PIN_INPUT} autoFocus {...form.register('pin')} />
          </FormField>
          <FormError message={form.formState.errors.root?.message} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('vendor:kiosk.stay')}</Button>
            </DialogClose>
            <Button type="submit" busy={check.isPending}>
              {t('vendor:kiosk.leaveConfirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
