import type { CSSProperties, ReactNode } from 'react';
import type { PageInfo } from '@shared/admin-paging';
import { Table, TableBody, TableColumns } from '@client/components/ui/table';
import { AdminListState } from './admin-list-state';
import { AdminPagination } from './admin-pagination';

/** The query behind an admin list: one server page of rows with its page numbers. */
export interface PagedListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data?: PageInfo;
}

export interface AdminListTableProps<Row> {
  list: PagedListQuery;
  rows: readonly Row[];
  /** Names the table, its scroll region and its page navigation. */
  label: string;
  columns: readonly string[];
  alignEnd?: readonly string[];
  styleOf?: (column: string) => CSSProperties | undefined;
  /** Marks the table busy while it refetches or saves; left out, the table is never marked busy. */
  busy?: boolean;
  loadingLabel: string;
  /** Left out, a failed load shows the empty state. */
  errorText?: string;
  emptyState: ReactNode;
  renderRow: (row: Row) => ReactNode;
  onPage: (page: number) => void;
}

/** A server-paged admin table: its loading, failed and empty states, its rows and its page navigation. */
export function AdminListTable<Row>({
  list,
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
  onPage,
}: AdminListTableProps<Row>) {
  return (
    <AdminListState
      pending={list.isPending}
      failed={errorText !== undefined && list.isError}
      empty={rows.length === 0}
      loadingLabel={loadingLabel}
      errorText={errorText}
      emptyState={emptyState}
    >
      <Table label={label} aria-busy={busy}>
        <TableColumns columns={columns} alignEnd={alignEnd} styleOf={styleOf} />
        <TableBody>{rows.map(renderRow)}</TableBody>
      </Table>
      {list.data ? <AdminPagination info={list.data} onPage={onPage} label={label} /> : null}
    </AdminListState>
  );
}
