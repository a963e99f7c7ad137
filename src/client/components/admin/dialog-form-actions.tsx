import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { FormError } from '@client/components/ui/form-field';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** An admin dialog form's end: the refusal of its last save, then Cancel and the submit button. */
export function DialogFormActions({
  error,
  busy,
  onCancel,
  submitLabel,
}: {
  error: string | undefined;
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <FormError message={error} />
      <DialogFooter className="mt-2">
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          {t('admin:form.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
