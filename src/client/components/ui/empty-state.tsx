import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  /** Use h1 when the empty state is the whole screen. */
  titleAs?: 'h1' | 'h2' | 'h3';
  className?: string;
}

export function EmptyState({ icon, title, text, action, titleAs: Heading = 'h2', className }: EmptyStateProps) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-4 py-10 text-center sm:px-8 sm:py-14',
        className,
      )}
    >
      {icon !== undefined ? (
        <span
          aria-hidden="true"
          className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-6"
        >
          {icon}
        </span>
      ) : null}
      <Heading className="text-base font-semibold text-stone-900">{title}</Heading>
      {text !== undefined ? <div className="mt-1 max-w-md text-sm text-stone-600">{text}</div> : null}
      {action !== undefined ? <div className="mt-6 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
