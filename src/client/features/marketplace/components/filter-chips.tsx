import { clsx } from 'clsx';

export interface FilterChip<Value extends string> {
  value: Value;
  label: string;
}

interface FilterChipsProps<Value extends string> {
  /** Names the group for screen readers, e.g. "Filter by city". */
  label: string;
  options: readonly FilterChip<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}

/** Toggle chips that scroll sideways on phones instead of wrapping into a wall. */
export function FilterChips<Value extends string>({ label, options, value, onChange }: FilterChipsProps<Value>) {
  return (
    <div
      role="group"
      aria-label={label}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(option.value)}
            className={clsx(
              'h-10 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 transition-colors ring-inset',
              selected
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-50 hover:ring-stone-400',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
