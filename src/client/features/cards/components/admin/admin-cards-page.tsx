import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { CARD_STATUS_LABELS } from '@shared/admin-cards';
import { CARD_STATUSES, CARD_TYPE_LABELS, CARD_TYPES } from '@shared/cards';
import { formatPKR } from '@shared/money';
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

const PAGE_SIZE = 20;

export function AdminCardsPage() {
  useDocumentTitle('Cards Management');
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
      <PageHeader title="Cards Management" description="Review, approve and moderate loyalty cards." />
      {flash.element}
      <Card
        title="All Cards"
        description={list.data ? `${list.data.total.toLocaleString('en-PK')} matching` : undefined}
        flush
      >
        <div className="grid gap-3 px-4 pb-4 sm:grid-cols-3 sm:px-6">
          <FormField label="Search">
            <Input
              type="search"
              placeholder="Card, reward or vendor"
              value={search}
              onChange={(event) => resetting(setSearch)(event.target.value)}
            />
          </FormField>
          <FormField label="Status">
            <Select
              value={status}
              onChange={(event) => resetting(setStatus)(event.target.value as CardListParams['status'])}
            >
              <option value="all">All statuses</option>
              {CARD_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {CARD_STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Type">
            <Select value={type} onChange={(event) => resetting(setType)(event.target.value as CardListParams['type'])}>
              <option value="all">All types</option>
              {CARD_TYPES.map((value) => (
                <option key={value} value={value}>
                  {CARD_TYPE_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <AdminListState
          pending={list.isPending}
          failed={list.isError}
          empty={cards.length === 0}
          loadingLabel="Loading cards"
          errorText="The cards could not be loaded. Please reload the page."
          emptyState={
            <EmptyState icon={<SearchX />} title="No cards match" text="Try another search or fewer filters." />
          }
        >
          <Table label="Cards" aria-busy={list.isFetching}>
            <TableColumns
              columns={['Card', 'Type', 'Stamps', 'Reward', 'Users', 'Status', 'Actions']}
              alignEnd={['Actions']}
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
                        Moderated: {card.moderationReason}
                      </p>
                    ) : null}
                  </TableCell>
                  <TableCell>{CARD_TYPE_LABELS[card.cardType]}</TableCell>
                  <TableCell className="tabular-nums">{card.stampsRequired}</TableCell>
                  <TableCell className="max-w-56 whitespace-normal">
                    {card.rewardTitle} <span className="text-xs text-stone-500">({formatPKR(card.rewardValue)})</span>
                  </TableCell>
                  <TableCell className="tabular-nums">{card.users.toLocaleString('en-PK')}</TableCell>
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
          {list.data ? <AdminPagination info={list.data} onPage={setPage} label="Cards" /> : null}
        </AdminListState>
      </Card>
    </>
  );
}
