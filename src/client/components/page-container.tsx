import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface PageContainerProps {
  children: ReactNode;
  /** narrow suits forms and reading; wide suits listings. */
  width?: 'narrow' | 'wide';
  className?: string;
}

/** The centred column public pages sit in. */
export function PageContainer({ children, width = 'wide', className }: PageContainerProps) {
  return (
    <div
      className={clsx(
        'mx-auto w-full px-4 py-8 sm:px-6 sm:py-10 lg:px-8',
        width === 'wide' ? 'max-w-6xl' : 'max-w-3xl',
        className,
      )}
    >
      {children}
    </div>
  );
}
