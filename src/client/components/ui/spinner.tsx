import { clsx } from 'clsx';

type SpinnerSize = 'sm' | 'md' | 'lg';

const sizeClass: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-[3px]',
  lg: 'size-10 border-4',
};

export interface SpinnerProps {
  /** Read by screen readers; shown beside the full-page variant. */
  label?: string;
  size?: SpinnerSize;
  className?: string;
}

export function Spinner({ label = 'Loading...', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={clsx('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className={clsx('inline-block animate-spin rounded-full border-current border-e-transparent', sizeClass[size])}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Takes the whole viewport while a screen has nothing to show yet. */
export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 p-6 text-brand-700">
      <span
        aria-hidden="true"
        className="inline-block size-10 animate-spin rounded-full border-4 border-current border-e-transparent"
      />
      <span className="text-sm font-medium text-stone-600">{label}</span>
    </div>
  );
}
