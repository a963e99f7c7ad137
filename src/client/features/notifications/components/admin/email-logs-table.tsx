import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { EMAIL_LOG_STATUSES } from '@shared/email';
import { formatLongDateTime } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useEmailLogs, type EmailLogQuery } from '@client/features/notifications/api/list-emails';
import { AdminPagination } from '@client/components/admin/admin-pagination';
import { useDebouncedValue } from '@client/components/admin/use-debounced-value';
import { useTranslation } from 'react-i18next';
import '@client/lib/admin-texts';

const STATUS_TONE: Record<string, 'green' | 'yellow' | 'red' | 'grey'> = {
  sent: 'green',
  queued: 'yellow',
  failed: 'red',
  skipped: 'grey',
};

/** A status as the admin reads it; an unknown one as stored. */
const STATUS_LABEL: Record<string, string> = {
  queued: 'admin:mailStatus.queued',
  sending: 'admin:mailStatus.sending',
  sent: 'admin:mailStatus.sent',
  failed: 'admin:mailStatus.failed',
  skipped: 'admin:mailStatus.skipped',
};

/** email_logs: one line per send, skip (preferences) or failure. */
export function EmailLogsTable() {
  const { t } = useTranslation('admin');
  const statusText = (status: string) => {
    const key = STATUS_LABEL[status];
    return key ? t(key) : status;
  };
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<EmailLogQuery['status']>('all');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const logs = useEmailLogs({ search: debounced, status, page, pageSize: 25 });
  const rows = logs.data?.logs ?? [];
  return (
    <>
      <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 sm:px-6">
        <FormField label={t('admin:filters.search')}>
          <Input
            type="search"
            placeholder={t('admin:logs.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </FormField>
        <FormField label={t('admin:filters.status')}>
          <Select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as EmailLogQuery['status']);
              setPage(1);
            }}
          >
            <option value="all">{t('admin:logs.all')}</option>
            {EMAIL_LOG_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusText(value)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {logs.isPending ? (
        <div className="flex justify-center p-8 text-brand-700">
          <Spinner label={t('admin:logs.loading')} />
        </div>
      ) : rows.length === 0 ? (
        <div className="px-4 pb-4 sm:px-6">
          <EmptyState icon={<ScrollText />} title={t('admin:logs.none')} />
        </div>
      ) : (
        <div className="border-t border-stone-200">
          <Table label={t('admin:logs.table')}>
            <TableColumns
              columns={[
                t('admin:logs.colTime'),
                t('admin:logs.colRecipient'),
                t('admin:logs.colSubject'),
                t('admin:logs.colType'),
                t('admin:logs.colStatus'),
              ]}
            />
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{formatLongDateTime(row.sentAt)}</TableCell>
                  <TableCell>{row.recipientEmail}</TableCell>
                  <TableCell className="max-w-xs truncate">{row.subject}</TableCell>
                  <TableCell>{row.emailType}</TableCell>
                  <TableCell>
                    <Badge tone={STATUS_TONE[row.status] ?? 'grey'}>{statusText(row.status)}</Badge>
                    {row.error ? <span className="ms-2 text-xs text-red-700">{row.error}</span> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {logs.data ? <AdminPagination info={logs.data} onPage={setPage} label={t('admin:logs.table')} /> : null}
        </div>
      )}
    </>
  );
}
