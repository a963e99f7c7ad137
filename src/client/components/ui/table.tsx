import { clsx } from 'clsx';
import {
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react';

export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** Names the table and its scroll region for screen readers. */
  label: string;
  /** A visible caption; the label is used for screen readers when it is absent. */
  caption?: ReactNode;
  /**
   * On phones, `cards` shows each row as a card of "column: value" lines (no sideways swipe);
   * `scroll` keeps the columns and scrolls sideways, for grids whose columns only make sense together.
   */
  phoneLayout?: 'cards' | 'scroll';
}

/**
 * The page itself never scrolls horizontally: on phones a table either turns each row into a card
 * (the default) or scrolls sideways inside its own focusable box, so keyboard users can scroll it too.
 */
export function Table({ label, caption, className, children, phoneLayout = 'cards', ...props }: TableProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  useCellLabelsFromColumnHeaders(tableRef, phoneLayout === 'cards');
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      // relative: a screen-reader-only header (absolutely placed) stays inside the scroll box
      // instead of widening the page when the table is wider than the screen.
      className="relative w-full max-w-full overflow-x-auto overscroll-x-contain rounded-[inherit]"
    >
      <table
        ref={tableRef}
        className={clsx(
          'w-full min-w-max border-collapse text-start text-sm',
          phoneLayout === 'cards' && 'table-rows-as-cards-on-phone',
          className,
        )}
        {...props}
      >
        {caption !== undefined ? (
          <caption className="px-4 py-3 text-start text-sm font-medium text-stone-700">{caption}</caption>
        ) : (
          <caption className="sr-only">{label}</caption>
        )}
        {children}
      </table>
    </div>
  );
}

/**
 * A row shown as a card names each value by its column: every body cell carries its column
 * header's text in data-label, which the phone style prints before the value. Rows come and go
 * with paging and filters, and headers change language, so the labels follow the table's content.
 */
function useCellLabelsFromColumnHeaders(tableRef: RefObject<HTMLTableElement | null>, enabled: boolean) {
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table || !enabled) return;
    const labelCells = () => {
      // Selectors rather than the table's rows and cells collections, which happy-dom (the
      // component tests' document) lacks.
      const headers = Array.from(table.querySelectorAll(':scope > thead > tr:first-child > th'), (cell) =>
        (cell.textContent ?? '').trim(),
      );
      for (const row of Array.from(table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr'))) {
        Array.from(row.querySelectorAll<HTMLTableCellElement>(':scope > td, :scope > th')).forEach((cell, index) => {
          const label = headers[index] ?? '';
          if (cell.dataset.label !== label) cell.dataset.label = label;
        });
      }
    };
    labelCells();
    const observer = new MutationObserver(labelCells);
    // characterData: a header's text changes in place when the language changes.
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [tableRef, enabled]);
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={clsx('border-b border-stone-200 bg-stone-50', className)} {...props} />;
}

/** The header row of a table whose column headers are plain names. */
export function TableColumns({
  columns,
  alignEnd = [],
  styleOf,
}: {
  columns: readonly string[];
  /** Columns whose header sits at the end, above buttons. */
  alignEnd?: readonly string[];
  styleOf?: (column: string) => CSSProperties | undefined;
}) {
  return (
    <TableHead>
      <tr>
        {columns.map((column, index) => (
          <TableHeaderCell
            key={column || `column-${index}`}
            className={alignEnd.includes(column) ? 'text-end' : undefined}
            style={styleOf?.(column)}
          >
            {column}
          </TableHeaderCell>
        ))}
      </tr>
    </TableHead>
  );
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
      className={clsx(
        'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-stone-600 uppercase sm:first:ps-6 sm:last:pe-6',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td className={clsx('px-4 py-3 align-middle text-stone-800 sm:first:ps-6 sm:last:pe-6', className)} {...props} />
  );
}
