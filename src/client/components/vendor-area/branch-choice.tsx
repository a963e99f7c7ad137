import { useTranslation } from '@client/lib/translation';
import { FormError } from '@client/components/ui/form-field';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import type { ChoosableBranch } from './branch-names';

/**
 * Every branch, or chosen ones (decision 089): where a staff member works and where a card is
 * honoured. `null` is every branch; choosing "chosen" starts from the first branch, so the list
 * is never empty by accident (the server refuses an empty one anyway, naming the field).
 */
export function BranchChoice({
  legend,
  branches,
  value,
  onChange,
  error,
}: {
  legend: string;
  branches: ChoosableBranch[];
  value: string[] | null;
  onChange: (next: string[] | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('vendor');
  const chosen = value ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((each) => each !== id), id] : chosen.filter((each) => each !== id));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-900">{legend}</legend>
      <RadioGroup
        value={value === null ? 'every' : 'chosen'}
        onValueChange={(mode) => onChange(mode === 'every' ? null : branches.slice(0, 1).map((branch) => branch.id))}
      >
        <RadioGroupItem value="every" label={t('vendor:branchChoice.every')} />
        <RadioGroupItem value="chosen" label={t('vendor:branchChoice.chosen')} />
      </RadioGroup>
      {value !== null ? (
        <div className="flex flex-col gap-1.5 ps-8">
          {branches.map((branch) => (
            <label key={branch.id} className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={chosen.includes(branch.id)}
                onChange={(event) => toggle(branch.id, event.target.checked)}
              />
              {branch.name}
            </label>
          ))}
        </div>
      ) : null}
      <FormError message={error} />
    </fieldset>
  );
}
