import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { CARD_TYPE_LABEL_KEYS } from '@shared/card-type-label-keys';
import { CARD_STATUSES, CARD_TYPES } from '@shared/cards';
import { formatPKR } from '@shared/money';
import { formatLocale } from '@shared/pakistan-time';
import type { VendorStatus } from '@shared/vendors';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useAdminCards, type CardListParams } from '@client/features/cards/api/list-cards';
import { AdminPagination } from '@client/components/admin/admin-pagination';
import { CardModerationActions } from './card-moderation-actions';
import { CardStatusBadge, VendorStatusBadge } from '@client/components/admin/status-badges';
import { useDebouncedValue } from '@client/components/admin/use-debounced-value';
import { useFlash } from '@client/components/admin/use-flash';
import { AdminListState } from '@client/components/admin/admin-list-state';
import { useTranslation } from 'react-i18next';
import '@client/lib/admin-texts';

const PAGE_SIZE = 20;
const STATUS_LABEL = {
  active: 'admin:cardStatus.active',
  draft: 'admin:cardStatus.draft',
  paused: 'admin:cardStatus.paused',
  archived: 'admin:cardStatus.archived',
} as const satisfies Record<(typeof CARD_STATUSES)[number], string>;

export function AdminCardsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:cards.title'));
  const flash = useFlash();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CardListParams['status']>('all');
  const [type, setType] = useState<CardListParams['type']>('all');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const list = useAdminCards({ search: debounced, status, type, page, pageSize: PAGE_SIZE });
  const cards = list.data?.cards ?? [];
  const resetting =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <PageHeader title={t('admin:cards.title')} description={t('admin:cards.description')} />
      {flash.element}
      <Card
        title={t('admin:cards.all')}
        description={
          list.data ? t('admin:users.matching', { total: list.data.total.toLocaleString(formatLocale()) }) : undefined
        }
        flush
      >
        <div className="grid gap-3 px-4 pb-4 sm:grid-cols-3 sm:px-6">
          <FormField label={t('admin:filters.search')}>
            <Input
              type="search"
              placeholder={t('admin:cards.searchPlaceholder')}
              value={search}
              onChange={(event) => resetting(setSearch)(event.target.value)}
            />
          </FormField>
          <FormField label={t('admin:filters.status')}>
            <Select
              value={status}
              onChange={(event) => resetting(setStatus)(event.target.value as CardListParams['status'])}
            >
              <option value="all">{t('admin:cards.allStatuses')}</option>
              {CARD_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(STATUS_LABEL[value])}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('admin:cards.type')}>
            <Select value={type} onChange={(event) => resetting(setType)(event.target.value as CardListParams['type'])}>
              <option value="all">{t('admin:cards.allTypes')}</option>
              {CARD_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(CARD_TYPE_LABEL_KEYS[value])}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <AdminListState
          pending={list.isPending}
          failed={list.isError}
          empty={cards.length === 0}
          loadingLabel={t('admin:cards.loading')}
          errorText={t('admin:cards.error')}
          emptyState={
            <EmptyState icon={<SearchX />} title={t('admin:cards.noneTitle')} text={t('admin:table.noneText')} />
          }
        >
          <Table label={t('admin:cards.table')} aria-busy={list.isFetching}>
            <TableColumns
              columns={[
                t('admin:cards.colCard'),
                t('admin:cards.colType'),
                t('admin:cards.colStamps'),
                t('admin:cards.colReward'),
                t('admin:cards.colUsers'),
                t('admin:cards.colStatus'),
                t('admin:cards.colActions'),
              ]}
              alignEnd={[t('admin:cards.colActions')]}
            />
            <TableBody>
              {cards.map((card) => (
                <TableRow key={card.id}>
                  <TableCell>
                    <p className="font-semibold text-stone-900">{card.name}</p>
                    <p className="flex flex-wrap items-center gap-1 text-xs text-stone-500">
                      {card.vendor.name}
                      {card.vendor.status !== 'approved' ? (
                        <VendorStatusBadge status={card.vendor.status as VendorStatus} />
                      ) : null}
                    </p>
                    {card.moderationReason ? (
                      <p className="max-w-xs text-xs whitespace-normal text-red-700">
                        {t('admin:cards.moderated', { reason: card.moderationReason })}
                      </p>
                    ) : null}
                  </TableCell>
                  <TableCell>{t(CARD_TYPE_LABEL_KEYS[card.cardType])}</TableCell>
                  <TableCell className="tabular-nums">{card.stampsRequired}</TableCell>
                  <TableCell className="max-w-56 whitespace-normal">
                    {card.rewardTitle} <span className="text-xs text-stone-500">({formatPKR(card.rewardValue)})</span>
                  </TableCell>
                  <TableCell className="tabular-nums">{card.users.toLocaleString(formatLocale())}</TableCell>
                  <TableCell>
                    <CardStatusBadge status={card.status} />
                  </TableCell>
                  <TableCell>
                    <CardModerationActions card={card} onResult={flash.show} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.data ? <AdminPagination info={list.data} onPage={setPage} label={t('admin:cards.table')} /> : null}
        </AdminListState>
      </Card>
    </>
  );
}
