import { Banner } from '@client/components/ui/banner';
import { useTranslation } from '@client/lib/translation';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { FormError, FormField, Input } from '@client/components/ui/form-field';

/** A secret (API key, signing secret) shown the one time it exists in the clear. */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation('vendor');
  return (
    <>
      <Banner tone="warning" title={t('vendor:shownOnce.title')}>
        {t('vendor:shownOnce.text')}
      </Banner>
      <FormField label={label} className="mt-4">
        <Input readOnly value={value} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(value)}>
          {t('vendor:shownOnce.copy')}
        </Button>
        <Button onClick={onDone}>{t('vendor:shownOnce.done')}</Button>
      </DialogFooter>
    </>
  );
}

/** A create dialog's end: the refusal not about one field, then Cancel and the submit button. */
export function CreateDialogActions({
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
  const { t } = useTranslation('vendor');
  return (
    <>
      <FormError message={error} />
      <DialogFooter className="mt-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('vendor:form.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}

/** Checkboxes choosing some of `all` (scopes, events), kept in the order of `all`, with the refusal under them. */
export function ChoiceList<Value extends string>({
  legend,
  all,
  selected,
  labelOf,
  error,
  onChange,
}: {
  legend: string;
  all: readonly Value[];
  selected: readonly Value[];
  labelOf: (value: Value) => string;
  error: string | undefined;
  onChange: (update: (current: Value[]) => Value[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{legend}</legend>
      {all.map((value) => (
        <label key={value} className="flex items-start gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            checked={selected.includes(value)}
            onChange={(event) => {
              const checked = event.target.checked;
              onChange((current) =>
                checked
                  ? all.filter((each) => each === value || current.includes(each))
                  : current.filter((each) => each !== value),
              );
            }}
          />
          <span>{labelOf(value)}</span>
        </label>
      ))}
      <FormError message={error} />
    </fieldset>
  );
}
