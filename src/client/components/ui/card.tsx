import { clsx } from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links shown at the right of the title. */
  actions?: ReactNode;
  /** Removes the inner padding, for tables and lists that run edge to edge. */
  flush?: boolean;
  as?: 'section' | 'div' | 'article';
}

/** The white panel every screen builds on. */
export function Card({
  title,
  description,
  actions,
  flush = false,
  as = 'section',
  className,
  children,
  ...props
}: CardProps) {
  const Component = as;
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <Component className={clsx('min-w-0 rounded-xl border border-stone-200 bg-white shadow-sm', className)} {...props}>
      {hasHeader ? (
        <header
          className={clsx(
            'flex flex-wrap items-start justify-between gap-3 px-4 pt-4 sm:px-6 sm:pt-5',
            flush && 'pb-4',
          )}
        >
          <div className="min-w-0">
            {title !== undefined ? <h2 className="text-base font-semibold text-stone-900">{title}</h2> : null}
            {description !== undefined ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
          </div>
          {actions !== undefined ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </header>
      ) : null}
      <div className={clsx(!flush && 'p-4 sm:p-6', !flush && hasHeader && 'pt-4 sm:pt-4')}>{children}</div>
    </Component>
  );
}
