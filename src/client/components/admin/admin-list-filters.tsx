import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { FormField, Input, Select } from '@client/components/ui/form-field';

/** The row of search box and filters above an admin table. */
export function AdminFiltersBar({ className, children }: { className: string; children: ReactNode }) {
  return <div className={clsx('px-4 pb-4 sm:px-6', className)}>{children}</div>;
}

/** The search box of an admin list. */
export function SearchFilter({
  label,
  placeholder,
  hint,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <FormField label={label} hint={hint} className={className}>
      <Input type="search" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

/** A filter select of an admin list; `allLabel` adds the "all" choice before the values. */
export function SelectFilter<Value extends string>({
  label,
  value,
  onChange,
  options,
  allLabel,
}: {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  options: readonly { value: Value; label: string }[];
  allLabel?: string;
}) {
  return (
    <FormField label={label}>
      <Select value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {allLabel !== undefined ? <option value="all">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
