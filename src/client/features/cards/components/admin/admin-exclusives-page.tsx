import { ArrowDown, ArrowUp, Crown } from 'lucide-react';
import { useState } from 'react';
import type { AdminCardRow } from '@shared/admin-cards';
import { BRAND } from '@shared/brand';
import { CARD_TYPE_LABELS } from '@shared/cards';
import { formatPKR } from '@shared/money';
import { formatLongDate } from '@shared/pakistan-time';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useChangeFeaturedOrder } from '@client/features/cards/api/change-featured-order';
import { useExclusiveCards, type ExclusivesQuery } from '@client/features/cards/api/list-exclusives';
import { AdminPagination } from '@client/components/admin/admin-pagination';
import { CardStatusBadge } from '@client/components/admin/status-badges';
import { useFlash } from '@client/components/admin/use-flash';
import { AdminListState } from '@client/components/admin/admin-list-state';

const PAGE_SIZE = 25;
/** Seven columns must fit beside the sidebar at 1280 px: narrower padding than the table's default. */
const TIGHT = { paddingInline: '0.625rem' } as const;

function dealText(card: AdminCardRow): string {
  if (card.cardType === 'daily_chaska') {
    const price =
      card.dealPrice !== null && card.originalPrice !== null
        ? `${formatPKR(card.dealPrice)} instead of ${formatPKR(card.originalPrice)}`
        : '';
    const stock = card.stockLeft !== null ? `${card.stockLeft} left` : '';
    const ends = card.dealEndsAt ? `ends ${formatLongDate(card.dealEndsAt)}` : '';
    return [price, stock, ends].filter(Boolean).join(' · ');
  }
  return card.rewardTitle;
}

/** A number box for a card's featured place; Enter or leaving the box saves it. */
function FeaturedPlace({
  card,
  onSave,
  busy,
}: {
  card: AdminCardRow;
  onSave: (place: number | null) => void;
  busy: boolean;
}) {
  const [value, setValue] = useState(card.featuredOrder?.toString() ?? '');
  const save = () => {
    const trimmed = value.trim();
    const place = trimmed === '' ? null : Number(trimmed);
    if (place === card.featuredOrder || (place !== null && (!Number.isInteger(place) || place < 1))) {
      setValue(card.featuredOrder?.toString() ?? '');
      return;
    }
    onSave(place);
  };
  return (
    <div className="w-20">
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        aria-label={`Featured place of ${card.name} (empty: not featured)`}
        value={value}
        disabled={busy}
        placeholder="—"
        onChange={(event) => setValue(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
      />
    </div>
  );
}

export function AdminExclusivesPage() {
  useDocumentTitle('Exclusive Cards');
  const flash = useFlash();
  const [type, setType] = useState<ExclusivesQuery['type']>('all');
  const [page, setPage] = useState(1);
  const list = useExclusiveCards({ type, page, pageSize: PAGE_SIZE });
  const change = useChangeFeaturedOrder();
  const cards = list.data?.cards ?? [];
  const onError = (error: Error) =>
    flash.show('error', error instanceof ApiError ? error.message : 'The order could not be saved.');

  return (
    <>
      <PageHeader title="Exclusive Cards" description={`${BRAND.dailyName} cards, Vendor Club tiers and partners.`} />
      {flash.element}
      <Card
        title="Featured order"
        description="Featured cards come first, place 1 at the top. Leave the place empty to take a card out of the order."
        flush
      >
        <div className="px-4 pb-4 sm:max-w-xs sm:px-6">
          <FormField label="Cards">
            <Select
              value={type}
              onChange={(event) => {
                setType(event.target.value as ExclusivesQuery['type']);
                setPage(1);
              }}
            >
              <option value="all">{`${BRAND.dailyName} and exclusive`}</option>
              <option value="daily_chaska">{BRAND.dailyName}</option>
              <option value="exclusive">Exclusive</option>
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
            <EmptyState
              icon={<Crown />}
              title={`No ${BRAND.dailyName} or exclusive cards yet`}
              text={`Create a ${BRAND.dailyName} card from the dashboard.`}
            />
          }
        >
          <Table label="Featured order" aria-busy={list.isFetching || change.isPending}>
            <TableColumns
              columns={['Place', 'Card', 'Vendor', 'Type', 'Deal or reward', 'Status', 'Move']}
              styleOf={(column) => (column === 'Place' ? undefined : TIGHT)}
            />
            <TableBody>
              {cards.map((card) => (
                <TableRow key={card.id}>
                  <TableCell>
                    <FeaturedPlace
                      key={card.featuredOrder ?? 'none'}
                      card={card}
                      busy={change.isPending}
                      onSave={(place) => change.mutate({ cardId: card.id, featuredOrder: place }, { onError })}
                    />
                  </TableCell>
                  <TableCell style={TIGHT} className="max-w-48 font-semibold whitespace-normal text-stone-900">
                    {card.name}
                  </TableCell>
                  <TableCell style={TIGHT} className="max-w-40 whitespace-normal">
                    {card.vendor.name}
                  </TableCell>
                  <TableCell style={TIGHT}>{CARD_TYPE_LABELS[card.cardType]}</TableCell>
                  <TableCell style={TIGHT} className="max-w-48 whitespace-normal text-stone-600">
                    {dealText(card)}
                  </TableCell>
                  <TableCell style={TIGHT}>
                    <CardStatusBadge status={card.status} />
                  </TableCell>
                  <TableCell style={TIGHT}>
                    <div className="flex">
                      {(['up', 'down'] as const).map((direction) => (
                        <Button
                          key={direction}
                          variant="ghost"
                          size="sm"
                          disabled={card.featuredOrder === null || change.isPending}
                          aria-label={`Move ${card.name} ${direction}`}
                          onClick={() => change.mutate({ cardId: card.id, direction }, { onError })}
                        >
                          {direction === 'up' ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
                        </Button>
                      ))}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.data ? <AdminPagination info={list.data} onPage={setPage} label="Featured order" /> : null}
        </AdminListState>
      </Card>
    </>
  );
}
