import { clsx } from 'clsx';
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** Names the table and its scroll region for screen readers. */
  label: string;
  /** A visible caption; the label is used for screen readers when it is absent. */
  caption?: ReactNode;
}

/**
 * On phones the table keeps its columns and scrolls sideways inside its own box, so the page
 * itself never scrolls horizontally. The box is focusable so keyboard users can scroll it too.
 */
export function Table({ label, caption, className, children, ...props }: TableProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="w-full max-w-full overflow-x-auto overscroll-x-contain rounded-[inherit]"
    >
      <table className={clsx('w-full min-w-max border-collapse text-left text-sm', className)} {...props}>
        {caption !== undefined ? (
          <caption className="px-4 py-3 text-left text-sm font-medium text-stone-700">{caption}</caption>
        ) : (
          <caption className="sr-only">{label}</caption>
        )}
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={clsx('border-b border-stone-200 bg-stone-50', className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={clsx('divide-y divide-stone-200', className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={clsx('hover:bg-stone-50/70', className)} {...props} />;
}

export function TableHeaderCell({ className, scope = 'col', ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={clsx('px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-stone-600 uppercase sm:first:pl-6 sm:last:pr-6', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={clsx('px-4 py-3 align-middle text-stone-800 sm:first:pl-6 sm:last:pr-6', className)} {...props} />;
}
