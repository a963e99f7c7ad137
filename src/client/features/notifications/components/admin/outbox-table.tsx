import { Mail } from 'lucide-react';
import { useState } from 'react';
import { formatLongDateTime } from '@shared/pakistan-time';
import type { OutboxMessage } from '@shared/notifications/outbox';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { TableCell, TableRow } from '@client/components/ui/table';
import { useOutbox } from '@client/features/notifications/api/list-emails';
import { AdminFiltersBar, SearchFilter } from '@client/components/admin/admin-list-filters';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { usePagedFilters } from '@client/components/admin/use-paged-filters';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { MailStatusBadge } from './mail-status';

/** The e-mail queue and outbox: every message the platform sent or will send, readable in full. */
export function OutboxTable() {
  const { t } = useTranslation('admin');
  const paged = usePagedFilters({});
  const [reading, setReading] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox({ to: paged.debouncedSearch, page: paged.page, pageSize: 25 });
  return (
    <>
      <AdminFiltersBar className="sm:max-w-md">
        <SearchFilter
          label={t('admin:outbox.recipient')}
          hint={t('admin:outbox.recipientHint')}
          value={paged.search}
          onChange={paged.setSearch}
        />
      </AdminFiltersBar>
      <AdminListTable
        list={outbox}
        rows={outbox.data?.messages ?? []}
        label={t('admin:emails.outbox')}
        loadingLabel={t('admin:outbox.loading')}
        emptyState={
          <EmptyState
            icon={<Mail />}
            title={t('admin:outbox.none')}
            text={paged.debouncedSearch ? t('admin:outbox.noneTo') : t('admin:outbox.empty')}
          />
        }
        columns={[
          t('admin:outbox.colCreated'),
          t('admin:outbox.colTo'),
          t('admin:outbox.colSubject'),
          t('admin:outbox.colStatus'),
          '',
        ]}
        onPage={paged.setPage}
        renderRow={(message) => (
          <TableRow key={message.id}>
            <TableCell>{formatLongDateTime(message.createdAt)}</TableCell>
            <TableCell>{message.to}</TableCell>
            <TableCell className="max-w-xs">
              <p className="truncate">{message.subject}</p>
              <p className="text-xs text-stone-500">{message.type}</p>
            </TableCell>
            <TableCell>
              <MailStatusBadge status={message.status} />
            </TableCell>
            <TableCell className="text-end">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setReading(message)}
                aria-label={t('admin:outbox.readOf', { subject: message.subject, to: message.to })}
              >
                {t('admin:outbox.read')}
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      <Dialog open={reading !== null} onOpenChange={(open) => (open ? undefined : setReading(null))}>
        {reading ? (
          <DialogContent
            title={reading.subject}
            description={t('admin:outbox.meta', {
              to: reading.to,
              time: formatLongDateTime(reading.createdAt),
              transport: reading.transport ?? t('admin:outbox.notSent'),
            })}
            className="max-w-2xl"
          >
            {reading.lastError ? (
              <p className="mb-3 text-sm text-red-700">{t('admin:outbox.lastError', { error: reading.lastError })}</p>
            ) : null}
            <pre className="max-h-[60dvh] overflow-auto rounded-lg bg-stone-50 p-4 text-sm break-words whitespace-pre-wrap text-stone-800">
              {reading.text}
            </pre>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
