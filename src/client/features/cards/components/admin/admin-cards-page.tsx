import { SearchX } from 'lucide-react';
import { CARD_TYPE_NAME_KEYS } from '@shared/cards/cards';
import { CARD_STATUSES, CARD_TYPES } from '@shared/cards/cards';
import { formatPKR } from '@shared/number-format';
import { formatNumber } from '@shared/number-format';
import type { VendorStatus } from '@shared/vendors/vendors';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { TableCell, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useAdminCards, type CardListParams } from '@client/features/cards/api/list-cards';
import { AdminListCard } from '@client/components/admin/admin-list-card';
import { AdminFiltersBar, SearchFilter, SelectFilter } from '@client/components/admin/admin-list-filters';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { usePagedFilters } from '@client/components/admin/use-paged-filters';
import { CardModerationActions } from './card-moderation-actions';
import { CARD_STATUS_LABEL, CardStatusBadge, VendorStatusBadge } from '@client/components/admin/status-badges';
import { useFlash } from '@client/components/admin/use-flash';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const PAGE_SIZE = 20;

interface CardFilters {
  status: NonNullable<CardListParams['status']>;
  type: NonNullable<CardListParams['type']>;
}

export function AdminCardsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:cards.title'));
  const flash = useFlash();
  const paged = usePagedFilters<CardFilters>({ status: 'all', type: 'all' });
  const list = useAdminCards({
    search: paged.debouncedSearch,
    ...paged.filters,
    page: paged.page,
    pageSize: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader title={t('admin:cards.title')} description={t('admin:cards.description')} />
      {flash.element}
      <AdminListCard title={t('admin:cards.all')} total={list.data?.total}>
        <AdminFiltersBar className="grid gap-3 sm:grid-cols-3">
          <SearchFilter
            label={t('admin:filters.search')}
            placeholder={t('admin:cards.searchPlaceholder')}
            value={paged.search}
            onChange={paged.setSearch}
          />
          <SelectFilter
            label={t('admin:filters.status')}
            value={paged.filters.status}
            onChange={(status) => paged.setFilter('status', status)}
            allLabel={t('admin:cards.allStatuses')}
            options={CARD_STATUSES.map((value) => ({ value, label: t(CARD_STATUS_LABEL[value]) }))}
          />
          <SelectFilter
            label={t('admin:cards.type')}
            value={paged.filters.type}
            onChange={(type) => paged.setFilter('type', type)}
            allLabel={t('admin:cards.allTypes')}
            options={CARD_TYPES.map((value) => ({ value, label: t(CARD_TYPE_NAME_KEYS[value]) }))}
          />
        </AdminFiltersBar>
        <AdminListTable
          list={list}
          rows={list.data?.cards ?? []}
          label={t('admin:cards.table')}
          busy={list.isFetching}
          loadingLabel={t('admin:cards.loading')}
          errorText={t('admin:cards.error')}
          emptyState={
            <EmptyState icon={<SearchX />} title={t('admin:cards.noneTitle')} text={t('admin:table.noneText')} />
          }
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
          onPage={paged.setPage}
          renderRow={(card) => (
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
              <TableCell>{t(CARD_TYPE_NAME_KEYS[card.cardType])}</TableCell>
              <TableCell className="tabular-nums">{card.stampsRequired}</TableCell>
              <TableCell className="max-w-56 whitespace-normal">
                {card.rewardTitle} <span className="text-xs text-stone-500">({formatPKR(card.rewardValue)})</span>
              </TableCell>
              <TableCell className="tabular-nums">{formatNumber(card.users)}</TableCell>
              <TableCell>
                <CardStatusBadge status={card.status} />
              </TableCell>
              <TableCell>
                <CardModerationActions card={card} onResult={flash.show} />
              </TableCell>
            </TableRow>
          )}
        />
      </AdminListCard>
    </>
  );
}
