import { Banner } from '@client/components/ui/banner';
import { useTranslation } from '@client/lib/translation';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { FormField, Input } from '@client/components/ui/form-field';

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

/** A labelled checkbox in a list of choices. */
export function Choice({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-stone-800">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-brand-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

export function FieldError({ text }: { text: string | undefined }) {
  return text ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {text}
    </p>
  ) : null;
}
