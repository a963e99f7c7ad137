import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { formatLongDateTime } from '@shared/pakistan-time';
import { SUPPORT_STATUSES } from '@shared/platform/support';
import type { SupportStatusFilter } from '@shared/platform/support-inbox';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { TableCell, TableRow } from '@client/components/ui/table';
import { AdminFiltersBar, SelectFilter } from '@client/components/admin/admin-list-filters';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { usePagedFilters } from '@client/components/admin/use-paged-filters';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { useSupportInbox } from '@client/features/platform/api/admin-support-inbox';
import { SupportConversationDialog } from './support-conversation-dialog';
import { AdminSupportStatusBadge, ROLE_LABEL, STATUS_LABEL } from './support-labels';

/** The support inbox: open conversations first, newest activity first, paged; each opens to be answered. */
export function SupportInboxTable() {
  const { t } = useTranslation('admin');
  const paged = usePagedFilters<{ status: SupportStatusFilter }>({ status: 'all' });
  const [reading, setReading] = useState<string | null>(null);
  const inbox = useSupportInbox({ status: paged.filters.status, page: paged.page, pageSize: 20 });
  return (
    <>
      <AdminFiltersBar className="sm:max-w-xs">
        <SelectFilter
          label={t('admin:chat.statusFilter')}
          value={paged.filters.status}
          onChange={(status) => paged.setFilter('status', status)}
          allLabel={t('admin:chat.allStatuses')}
          options={SUPPORT_STATUSES.map((status) => ({ value: status, label: t(STATUS_LABEL[status]) }))}
        />
      </AdminFiltersBar>
      <AdminListTable
        list={inbox}
        rows={inbox.data?.conversations ?? []}
        label={t('admin:chat.inbox')}
        busy={inbox.isFetching}
        loadingLabel={t('admin:chat.loading')}
        errorText={t('admin:chat.loadFailed')}
        emptyState={
          <EmptyState
            icon={<MessagesSquare />}
            title={t('admin:chat.none')}
            text={paged.filters.status === 'all' ? t('admin:chat.noneText') : t('admin:chat.noneWithStatus')}
          />
        }
        columns={[
          t('admin:chat.colFrom'),
          t('admin:chat.colSubject'),
          t('admin:chat.colStatus'),
          t('admin:chat.colActivity'),
          '',
        ]}
        onPage={paged.setPage}
        renderRow={(conversation) => {
          const name = conversation.requester.name || t('admin:chat.closedAccount');
          return (
            <TableRow key={conversation.id}>
              <TableCell>
                {/* One block: on a phone the cell is a grid of its label and its value. */}
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">{name}</p>
                  {conversation.requester.contact ? (
                    <p className="text-xs break-all text-stone-600">
                      <bdi dir="ltr">{conversation.requester.contact}</bdi>
                    </p>
                  ) : null}
                  <p className="text-xs text-stone-600">{t(ROLE_LABEL[conversation.requester.role])}</p>
                </div>
              </TableCell>
              <TableCell className="max-w-xs">
                <p className="truncate" dir="auto">
                  {conversation.subject}
                </p>
              </TableCell>
              <TableCell>
                <AdminSupportStatusBadge status={conversation.status} />
              </TableCell>
              <TableCell>{formatLongDateTime(conversation.lastMessageAt)}</TableCell>
              <TableCell className="text-end">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setReading(conversation.id)}
                  aria-label={t('admin:chat.readOf', { subject: conversation.subject, name })}
                >
                  {t('admin:chat.read')}
                </Button>
              </TableCell>
            </TableRow>
          );
        }}
      />
      <SupportConversationDialog id={reading} onOpenChange={(open) => (open ? undefined : setReading(null))} />
    </>
  );
}
