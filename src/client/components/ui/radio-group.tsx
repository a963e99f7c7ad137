import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import { clsx } from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={clsx('grid gap-3', className)} {...props} />;
}

export interface RadioGroupItemProps extends ComponentProps<typeof RadioGroupPrimitive.Item> {
  label: ReactNode;
  description?: ReactNode;
}

export function RadioGroupItem({ label, description, className, id, ...props }: RadioGroupItemProps) {
  const generatedId = useId();
  const controlId = id ?? `radio${generatedId}`;
  const descriptionId = description !== undefined ? `${controlId}-description` : undefined;
  return (
    <div className="flex items-start gap-3">
      <RadioGroupPrimitive.Item
        id={controlId}
        aria-describedby={descriptionId}
        className={clsx(
          'mt-0.5 flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-full border-2 border-stone-400 bg-white transition-colors',
          'hover:border-stone-500 data-[state=checked]:border-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
        {...props}
      >
        <RadioGroupPrimitive.Indicator className="block size-2.5 rounded-full bg-brand-700" />
      </RadioGroupPrimitive.Item>
      <div className="min-w-0">
        <label htmlFor={controlId} className="cursor-pointer text-sm font-medium text-stone-900">
          {label}
        </label>
        {description !== undefined ? (
          <p id={descriptionId} className="text-sm text-stone-600">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
