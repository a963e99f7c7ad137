import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import {
  createContext,
  useContext,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldIds {
  controlId: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

// Lets Input, Select and Textarea pick up their id and descriptions without repeating them.
const FieldContext = createContext<FieldIds | null>(null);

export interface FormFieldProps {
  label: ReactNode;
  /** Shown under the control in red and announced with it. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Set when the control needs a known id, for example for a label elsewhere. */
  id?: string;
  className?: string;
  children: ReactNode;
}

export function FormField({ label, error, hint, required = false, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field${generatedId}`;
  const hintId = hint !== undefined ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <FieldContext value={{ controlId, describedBy, invalid: Boolean(error), required }}>
      <div className={clsx('flex min-w-0 flex-col gap-1.5', className)}>
        <label htmlFor={controlId} className="text-sm font-medium text-stone-800">
          {label}
          {required ? (
            <span aria-hidden="true" className="ms-0.5 text-red-700">
              *
            </span>
          ) : null}
        </label>
        {children}
        {hint !== undefined ? (
          <p id={hintId} className="text-xs text-stone-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </FieldContext>
  );
}

function useFieldProps(props: {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: unknown;
  required?: boolean;
}) {
  const field = useContext(FieldContext);
  const describedBy = [field?.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    id: props.id ?? field?.controlId,
    'aria-describedby': describedBy,
    'aria-invalid': field?.invalid ? true : (props['aria-invalid'] as boolean | undefined),
    required: props.required ?? field?.required,
    invalid: field?.invalid ?? false,
  };
}

const controlClass =
  'block w-full min-w-0 rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm transition-colors placeholder:text-stone-500 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 sm:text-sm';

// Selects always match :read-only, so only text controls get the read-only look.
const readOnlyClass = 'read-only:bg-stone-50 read-only:text-stone-700';

function borderClass(invalid: boolean): string {
  return invalid
    ? 'border-red-600 focus-visible:outline-red-700'
    : 'border-stone-300 hover:border-stone-400 focus-visible:border-brand-700';
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...props }: InputProps) {
  const { invalid, ...field } = useFieldProps(props);
  return (
    <input
      {...props}
      {...field}
      className={clsx(controlClass, readOnlyClass, 'h-11', borderClass(invalid), className)}
    />
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** A native select: the phone's own picker is the most usable one at a counter. */
export function Select({ className, children, ...props }: SelectProps) {
  const { invalid, ...field } = useFieldProps(props);
  return (
    <div className="relative min-w-0">
      <select
        {...props}
        {...field}
        className={clsx(controlClass, 'h-11 cursor-pointer appearance-none pe-10', borderClass(invalid), className)}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-stone-500"
      />
    </div>
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  const { invalid, ...field } = useFieldProps(props);
  return (
    <textarea
      rows={rows}
      {...props}
      {...field}
      className={clsx(controlClass, readOnlyClass, 'py-2.5', borderClass(invalid), className)}
    />
  );
}

/** The form's own error (a refusal not about one field), announced when it appears; nothing when there is none. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
