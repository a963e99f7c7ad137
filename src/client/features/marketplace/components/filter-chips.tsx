import { clsx } from 'clsx';

export interface FilterChip<Value extends string> {
  value: Value;
  label: string;
}

/**
 * The address a chip opens when the page is not interactive yet. A server-rendered page paints
 * its chips before its script has taken them over (decision 053), and React drops a click on a
 * part it has not hydrated; so the chips are the submit buttons of a GET form, and such a click
 * loads the filtered page from the server instead of doing nothing.
 */
export interface FilterChipsFallback<Value extends string> {
  /** The page the form loads, with an optional #anchor to land on the list. */
  action: string;
  /** The query parameter a chip sets. */
  name: string;
  /** The value that means "no filter": its chip sends no parameter. */
  unfiltered: Value;
}

interface FilterChipsProps<Value extends string> {
  /** Names the group for screen readers, e.g. "Filter by city". */
  label: string;
  options: readonly FilterChip<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  fallback: FilterChipsFallback<Value>;
}

/** Toggle chips that scroll sideways on phones instead of wrapping into a wall. */
export function FilterChips<Value extends string>({
  label,
  options,
  value,
  onChange,
  fallback,
}: FilterChipsProps<Value>) {
  return (
    <form method="get" action={fallback.action}>
      <div
        role="group"
        aria-label={label}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {options.map((option) => {
          const selected = option.value === value;
          const sendsFilter = option.value !== fallback.unfiltered;
          return (
            <button
              key={option.value}
              type="submit"
              name={sendsFilter ? fallback.name : undefined}
              value={sendsFilter ? option.value : undefined}
              aria-pressed={selected}
              onClick={(event) => {
                event.preventDefault();
                onChange(option.value);
              }}
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
    </form>
  );
}
