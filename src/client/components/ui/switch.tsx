import * as SwitchPrimitive from '@radix-ui/react-switch';
import { clsx } from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';

export interface SwitchProps extends ComponentProps<typeof SwitchPrimitive.Root> {
  /** When given, the switch is rendered as a labelled row. Without it pass aria-label. */
  label?: ReactNode;
  description?: ReactNode;
}

export function Switch({ label, description, className, id, ...props }: SwitchProps) {
  const generatedId = useId();
  const controlId = id ?? `switch${generatedId}`;
  const descriptionId = description !== undefined ? `${controlId}-description` : undefined;

  const control = (
    <SwitchPrimitive.Root
      id={controlId}
      aria-describedby={descriptionId}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'bg-stone-400 data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      {/* The thumb slides towards the end: rightwards in English, leftwards in Urdu. */}
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 rtl:data-[state=checked]:-translate-x-5" />
    </SwitchPrimitive.Root>
  );

  if (label === undefined) return control;

  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={controlId} className="cursor-pointer text-sm font-medium text-stone-900">
          {label}
        </label>
        {description !== undefined ? (
          <p id={descriptionId} className="mt-0.5 text-sm text-stone-600">
            {description}
          </p>
        ) : null}
      </div>
      {control}
    </div>
  );
}
