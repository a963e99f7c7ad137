import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Primary actions of the screen; they wrap under the title on phones. */
  actions?: ReactNode;
  className?: string;
}

/** The one h1 of a screen. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={clsx('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-stone-900 sm:text-3xl">{title}</h1>
        {description !== undefined ? (
          <p className="mt-1 max-w-2xl text-sm text-pretty text-stone-600 sm:text-base">{description}</p>
        ) : null}
      </div>
      {actions !== undefined ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
