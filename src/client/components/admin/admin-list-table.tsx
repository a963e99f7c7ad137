import type { CSSProperties, ReactNode } from 'react';
import type { PageInfo } from '@shared/admin-paging';
import { Table, TableBody, TableColumns } from '@client/components/ui/table';
import { Spinner } from '@client/components/ui/spinner';
import { AdminPagination } from './admin-pagination';

/** The query behind an admin list: one server page of rows with its page numbers. */
export interface PagedListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data?: PageInfo;
}

export interface AdminTableProps<Row> {
  pending: boolean;
  /** Left out, a failed load shows the empty state. */
  failed?: boolean;
  rows: readonly Row[];
  /** Names the table, its scroll region and its page navigation. */
  label: string;
  columns: readonly string[];
  alignEnd?: readonly string[];
  styleOf?: (column: string) => CSSProperties | undefined;
  /** Marks the table busy while it refetches or saves; left out, the table is never marked busy. */
  busy?: boolean;
  /** What is loading, for screen readers: "Loading vendors". */
  loadingLabel: string;
  errorText?: string;
  emptyState: ReactNode;
  renderRow: (row: Row) => ReactNode;
  /** What follows the rows (a paged list's page navigation). */
  children?: ReactNode;
}

/** An admin table: the loading, failed and empty states every admin list shares, then its rows. */
export function AdminTable<Row>({
  pending,
  failed,
  rows,
  label,
  columns,
  alignEnd,
  styleOf,
  busy,
  loadingLabel,
  errorText,
  emptyState,
  renderRow,
  children,
}: AdminTableProps<Row>) {
  if (pending) {
    return (
      <div className="flex justify-center p-8 text-brand-700">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (failed) {
    return (
      <p role="alert" className="px-4 pb-4 text-sm text-red-700 sm:px-6">
        {errorText}
      </p>
    );
  }
  if (rows.length === 0) return <div className="px-4 pb-4 sm:px-6">{emptyState}</div>;
  return (
    <div className="border-t border-stone-200">
      <Table label={label} aria-busy={busy}>
        <TableColumns columns={columns} alignEnd={alignEnd} styleOf={styleOf} />
        <TableBody>{rows.map(renderRow)}</TableBody>
      </Table>
      {children}
    </div>
  );
}

export interface AdminListTableProps<Row> extends Omit<AdminTableProps<Row>, 'pending' | 'failed' | 'children'> {
  list: PagedListQuery;
  onPage: (page: number) => void;
}

/** A server-paged admin table: its loading, failed and empty states, its rows and its page navigation. */
export function AdminListTable<Row>({ list, onPage, ...table }: AdminListTableProps<Row>) {
  return (
    <AdminTable {...table} pending={list.isPending} failed={table.errorText !== undefined && list.isError}>
      {list.data ? <AdminPagination info={list.data} onPage={onPage} label={table.label} /> : null}
    </AdminTable>
  );
}
