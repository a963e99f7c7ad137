import { ScrollText } from 'lucide-react';
import { EMAIL_LOG_STATUSES } from '@shared/notifications/email';
import { formatLongDateTime } from '@shared/pakistan-time';
import { EmptyState } from '@client/components/ui/empty-state';
import { TableCell, TableRow } from '@client/components/ui/table';
import { useEmailLogs, type EmailLogQuery } from '@client/features/notifications/api/list-emails';
import { AdminFiltersBar, SearchFilter, SelectFilter } from '@client/components/admin/admin-list-filters';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { usePagedFilters } from '@client/components/admin/use-paged-filters';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { MailStatusBadge, useMailStatusText } from './mail-status';

/** email_logs: one line per send, skip (preferences) or failure. */
export function EmailLogsTable() {
  const { t } = useTranslation('admin');
  const statusText = useMailStatusText();
  const paged = usePagedFilters<{ status: NonNullable<EmailLogQuery['status']> }>({ status: 'all' });
  const logs = useEmailLogs({
    search: paged.debouncedSearch,
    status: paged.filters.status,
    page: paged.page,
    pageSize: 25,
  });
  return (
    <>
      <AdminFiltersBar className="grid gap-3 sm:grid-cols-2">
        <SearchFilter
          label={t('admin:filters.search')}
          placeholder={t('admin:logs.searchPlaceholder')}
          value={paged.search}
          onChange={paged.setSearch}
        />
        <SelectFilter
          label={t('admin:filters.status')}
          value={paged.filters.status}
          onChange={(status) => paged.setFilter('status', status)}
          allLabel={t('admin:logs.all')}
          options={EMAIL_LOG_STATUSES.map((value) => ({ value, label: statusText(value) }))}
        />
      </AdminFiltersBar>
      <AdminListTable
        list={logs}
        rows={logs.data?.logs ?? []}
        label={t('admin:logs.table')}
        loadingLabel={t('admin:logs.loading')}
        emptyState={<EmptyState icon={<ScrollText />} title={t('admin:logs.none')} />}
        columns={[
          t('admin:logs.colTime'),
          t('admin:logs.colRecipient'),
          t('admin:logs.colSubject'),
          t('admin:logs.colType'),
          t('admin:logs.colStatus'),
        ]}
        onPage={paged.setPage}
        renderRow={(row) => (
          <TableRow key={row.id}>
            <TableCell>{formatLongDateTime(row.sentAt)}</TableCell>
            <TableCell>{row.recipientEmail}</TableCell>
            <TableCell className="max-w-xs truncate">{row.subject}</TableCell>
            <TableCell>{row.emailType}</TableCell>
            <TableCell>
              <MailStatusBadge status={row.status} />
              {row.error ? <span className="ms-2 text-xs text-red-700">{row.error}</span> : null}
            </TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
