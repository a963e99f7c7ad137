import { MessageSquare } from 'lucide-react';
import type { TextChannel, TextMessageKind, TextMessageStatus } from '@shared/notifications/outbox';
import { nationalPhoneNumber } from '@shared/accounts/phone';
import { isMessageLanguage, MESSAGE_LANGUAGE_NAMES } from '@shared/i18n/roman-urdu';
import { formatLongDateTime } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { EmptyState } from '@client/components/ui/empty-state';
import { TableCell, TableRow } from '@client/components/ui/table';
import { useTextOutbox } from '@client/features/notifications/api/list-emails';
import { AdminFiltersBar, SearchFilter } from '@client/components/admin/admin-list-filters';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { usePagedFilters } from '@client/components/admin/use-paged-filters';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const STATUS_TONE: Record<TextMessageStatus, 'green' | 'yellow' | 'red' | 'grey'> = {
  sending: 'grey',
  sent: 'yellow',
  delivered: 'green',
  read: 'green',
  failed: 'red',
};

/** Each value's words, named whole so the catalogue's keys are found where they are used. */
const KIND_TEXT = {
  sign_in_code: 'admin:textMessages.kind.sign_in_code',
  add_phone_code: 'admin:textMessages.kind.add_phone_code',
  close_account_code: 'admin:textMessages.kind.close_account_code',
  receipt: 'admin:textMessages.kind.receipt',
  stamp: 'admin:textMessages.kind.stamp',
  reward: 'admin:textMessages.kind.reward',
  reward_expiry: 'admin:textMessages.kind.reward_expiry',
  tier_downgrade: 'admin:textMessages.kind.tier_downgrade',
  vendor_message: 'admin:textMessages.kind.vendor_message',
  daily_chaska: 'admin:textMessages.kind.daily_chaska',
  hourly_chaska: 'admin:textMessages.kind.hourly_chaska',
  stop_confirmation: 'admin:textMessages.kind.stop_confirmation',
  monthly_report: 'admin:textMessages.kind.monthly_report',
} as const satisfies Record<TextMessageKind, string>;

const CHANNEL_TEXT = {
  whatsapp: 'admin:textMessages.channel.whatsapp',
  sms: 'admin:textMessages.channel.sms',
  log: 'admin:textMessages.channel.log',
} as const satisfies Record<TextChannel, string>;

const STATUS_TEXT = {
  sending: 'admin:textMessages.status.sending',
  sent: 'admin:textMessages.status.sent',
  delivered: 'admin:textMessages.status.delivered',
  read: 'admin:textMessages.status.read',
  failed: 'admin:textMessages.status.failed',
} as const satisfies Record<TextMessageStatus, string>;

/**
 * text_messages: each code and receipt sent by WhatsApp or SMS, where its delivery reports took
 * it, the SMS that replaced a WhatsApp message that failed, and a message that went in English
 * because WhatsApp had no template in the customer's language (decision 082). A code's digits show only where
 * it went to the log (no provider: development, the demo).
 */
export function TextOutboxTable() {
  const { t } = useTranslation('admin');
  const paged = usePagedFilters<Record<string, never>>({});
  const to = paged.debouncedSearch.trim();
  const messages = useTextOutbox({ ...(to ? { to } : {}), page: paged.page, pageSize: 25 });
  return (
    <>
      <AdminFiltersBar className="grid gap-3 sm:grid-cols-2">
        <SearchFilter
          label={t('admin:textMessages.number')}
          placeholder={t('admin:textMessages.numberPlaceholder')}
          value={paged.search}
          onChange={paged.setSearch}
        />
      </AdminFiltersBar>
      <AdminListTable
        list={messages}
        rows={messages.data?.messages ?? []}
        label={t('admin:textMessages.table')}
        loadingLabel={t('admin:textMessages.loading')}
        emptyState={<EmptyState icon={<MessageSquare />} title={t('admin:textMessages.none')} />}
        columns={[
          t('admin:textMessages.colTime'),
          t('admin:textMessages.colTo'),
          t('admin:textMessages.colMessage'),
          t('admin:textMessages.colChannel'),
          t('admin:textMessages.colStatus'),
        ]}
        onPage={paged.setPage}
        renderRow={(row) => (
          <TableRow key={row.id}>
            <TableCell>{formatLongDateTime(row.createdAt)}</TableCell>
            <TableCell>
              <bdi dir="ltr">{nationalPhoneNumber(row.to)}</bdi>
            </TableCell>
            <TableCell className="max-w-xs">
              <span className="block truncate" title={row.body}>
                {row.body}
              </span>
              <span className="text-xs text-stone-500">{t(KIND_TEXT[row.kind])}</span>
            </TableCell>
            <TableCell>{t(CHANNEL_TEXT[row.channel])}</TableCell>
            <TableCell>
              <Badge tone={STATUS_TONE[row.status]}>{t(STATUS_TEXT[row.status])}</Badge>
              {row.replacedBy ? (
                <span className="ms-2 text-xs text-stone-600">{t('admin:textMessages.replacedBySms')}</span>
              ) : null}
              {row.error ? <span className="ms-2 text-xs text-red-700">{row.error}</span> : null}
              {row.templateMissingIn ? (
                <span className="ms-2 text-xs text-amber-800">
                  {t('admin:textMessages.templateMissing', {
                    language: isMessageLanguage(row.templateMissingIn)
                      ? MESSAGE_LANGUAGE_NAMES[row.templateMissingIn]
                      : row.templateMissingIn,
                  })}
                </span>
              ) : null}
            </TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
