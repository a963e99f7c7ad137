import { Mail } from 'lucide-react';
import { useState } from 'react';
import { formatLongDateTime } from '@shared/pakistan-time';
import type { OutboxMessage } from '@shared/outbox';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useOutbox } from '@client/features/notifications/api/list-emails';
import { AdminPagination } from '@client/components/admin/admin-pagination';
import { useDebouncedValue } from '@client/components/admin/use-debounced-value';

const STATUS_TONE: Record<string, 'green' | 'yellow' | 'red' | 'grey'> = {
  sent: 'green',
  queued: 'yellow',
  sending: 'yellow',
  failed: 'red',
};

/** The e-mail queue and outbox: every message the platform sent or will send, readable in full. */
export function OutboxTable() {
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [reading, setReading] = useState<OutboxMessage | null>(null);
  const debounced = useDebouncedValue(to.trim());
  const outbox = useOutbox({ to: debounced, page, pageSize: 25 });
  const messages = outbox.data?.messages ?? [];
  return (
    <>
      <div className="px-4 pb-4 sm:max-w-md sm:px-6">
        <FormField label="Recipient" hint="The exact e-mail address.">
          <Input
            type="search"
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              setPage(1);
            }}
          />
        </FormField>
      </div>
      {outbox.isPending ? (
        <div className="flex justify-center p-8 text-brand-700">
          <Spinner label="Loading e-mails" />
        </div>
      ) : messages.length === 0 ? (
        <div className="px-4 pb-4 sm:px-6">
          <EmptyState
            icon={<Mail />}
            title="No e-mails"
            text={debounced ? 'Nothing was sent to this address.' : 'The outbox is empty.'}
          />
        </div>
      ) : (
        <div className="border-t border-stone-200">
          <Table label="Outbox">
            <TableColumns columns={['Created', 'To', 'Subject', 'Status', '']} />
            <TableBody>
              {messages.map((message) => (
                <TableRow key={message.id}>
                  <TableCell>{formatLongDateTime(message.createdAt)}</TableCell>
                  <TableCell>{message.to}</TableCell>
                  <TableCell className="max-w-xs">
                    <p className="truncate">{message.subject}</p>
                    <p className="text-xs text-stone-500">{message.type}</p>
                  </TableCell>
                  <TableCell>
                    <Badge tone={STATUS_TONE[message.status] ?? 'grey'}>{message.status}</Badge>
                  </TableCell>
                  <TableCell className="text-end">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setReading(message)}
                      aria-label={`Read "${message.subject}" to ${message.to}`}
                    >
                      Read
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {outbox.data ? <AdminPagination info={outbox.data} onPage={setPage} label="Outbox" /> : null}
        </div>
      )}
      <Dialog open={reading !== null} onOpenChange={(open) => (open ? undefined : setReading(null))}>
        {reading ? (
          <DialogContent
            title={reading.subject}
            description={`To ${reading.to} · ${formatLongDateTime(reading.createdAt)} · ${reading.transport ?? 'not sent yet'}`}
            className="max-w-2xl"
          >
            {reading.lastError ? <p className="mb-3 text-sm text-red-700">Last error: {reading.lastError}</p> : null}
            <pre className="max-h-[60dvh] overflow-auto rounded-lg bg-stone-50 p-4 text-sm break-words whitespace-pre-wrap text-stone-800">
              {reading.text}
            </pre>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
