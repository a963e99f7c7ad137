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

const STATUS_TONE: Record<string, 'green' | 'yellow' | 'red' | 'grey'> = {
  sent: 'green',
  queued: 'yellow',
  failed: 'red',
  skipped: 'grey',
};

/** email_logs: one line per send, skip (preferences) or failure. */
export function EmailLogsTable() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<EmailLogQuery['status']>('all');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const logs = useEmailLogs({ search: debounced, status, page, pageSize: 25 });
  const rows = logs.data?.logs ?? [];
  return (
    <>
      <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 sm:px-6">
        <FormField label="Search">
          <Input
            type="search"
            placeholder="Recipient, subject or type"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </FormField>
        <FormField label="Status">
          <Select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as EmailLogQuery['status']);
              setPage(1);
            }}
          >
            <option value="all">All</option>
            {EMAIL_LOG_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {logs.isPending ? (
        <div className="flex justify-center p-8 text-brand-700">
          <Spinner label="Loading e-mail logs" />
        </div>
      ) : rows.length === 0 ? (
        <div className="px-4 pb-4 sm:px-6">
          <EmptyState icon={<ScrollText />} title="No log entries match" />
        </div>
      ) : (
        <div className="border-t border-stone-200">
          <Table label="E-mail logs">
            <TableColumns columns={['Time', 'Recipient', 'Subject', 'Type', 'Status']} />
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{formatLongDateTime(row.sentAt)}</TableCell>
                  <TableCell>{row.recipientEmail}</TableCell>
                  <TableCell className="max-w-xs truncate">{row.subject}</TableCell>
                  <TableCell>{row.emailType}</TableCell>
                  <TableCell>
                    <Badge tone={STATUS_TONE[row.status] ?? 'grey'}>{row.status}</Badge>
                    {row.error ? <span className="ms-2 text-xs text-red-700">{row.error}</span> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {logs.data ? <AdminPagination info={logs.data} onPage={setPage} label="E-mail logs" /> : null}
        </div>
      )}
    </>
  );
}
