import { FormField, Select } from '@client/components/ui/form-field';

/** A filter of a vendor's figures or lists: every card or branch (the value '') or one of them, by name. */
export function AllOrOneSelect({
  label,
  allLabel,
  items,
  value,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  items: readonly { id: string; name: string }[];
  value: string;
  onChange: (id: string) => void;
  className?: string;
}) {
  return (
    <FormField label={label} className={className}>
      <Select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
