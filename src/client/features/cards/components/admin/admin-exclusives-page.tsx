import { ArrowDown, ArrowUp, Crown } from 'lucide-react';
import { useState } from 'react';
import type { TFunction } from '@client/lib/translation';
import type { AdminCardRow } from '@shared/cards/admin-cards';
import { CARD_TYPE_NAME_KEYS } from '@shared/cards/cards';
import { formatPKR } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Input } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { TableCell, TableRow } from '@client/components/ui/table';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useChangeFeaturedOrder } from '@client/features/cards/api/change-featured-order';
import { useExclusiveCards, type ExclusivesQuery } from '@client/features/cards/api/list-exclusives';
import { AdminFiltersBar, SelectFilter } from '@client/components/admin/admin-list-filters';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { CardStatusBadge } from '@client/components/admin/status-badges';
import { useFlash } from '@client/components/admin/use-flash';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const PAGE_SIZE = 25;
/** Seven columns must fit beside the sidebar at 1280 px: narrower padding than the table's default. */
const TIGHT = { paddingInline: '0.625rem' } as const;

/** The place box of a card out of the featured order. */
const NOT_FEATURED = '—';
const DIRECTIONS = ['up', 'down'] as const;

function dealText(card: AdminCardRow, t: TFunction): string {
  if (card.cardType === 'daily_chaska') {
    const price =
      card.dealPrice !== null && card.originalPrice !== null
        ? t('admin:exclusives.priceInstead', {
            deal: formatPKR(card.dealPrice),
            original: formatPKR(card.originalPrice),
          })
        : '';
    const stock = card.stockLeft !== null ? t('admin:exclusives.left', { count: card.stockLeft }) : '';
    const ends = card.dealEndsAt ? t('admin:exclusives.ends', { date: formatLongDate(card.dealEndsAt) }) : '';
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
  const { t } = useTranslation('admin');
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
        aria-label={t('admin:exclusives.placeOf', { name: card.name })}
        value={value}
        disabled={busy}
        placeholder={NOT_FEATURED}
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
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:exclusives.title'));
  const flash = useFlash();
  const [type, setType] = useState<NonNullable<ExclusivesQuery['type']>>('all');
  const [page, setPage] = useState(1);
  const list = useExclusiveCards({ type, page, pageSize: PAGE_SIZE });
  const change = useChangeFeaturedOrder();
  const cards = list.data?.cards ?? [];
  const onError = (error: Error) =>
    flash.show('error', error instanceof ApiError ? error.message : t('admin:exclusives.orderFailed'));

  return (
    <>
      <PageHeader title={t('admin:exclusives.title')} description={t('admin:exclusives.description')} />
      {flash.element}
      <Card title={t('admin:exclusives.featured')} description={t('admin:exclusives.featuredText')} flush>
        <AdminFiltersBar className="sm:max-w-xs">
          <SelectFilter
            label={t('admin:exclusives.cards')}
            value={type}
            onChange={(value) => {
              setType(value);
              setPage(1);
            }}
            allLabel={t('admin:exclusives.both')}
            options={[
              { value: 'daily_chaska', label: t('admin:exclusives.daily') },
              { value: 'exclusive', label: t('admin:exclusives.exclusive') },
            ]}
          />
        </AdminFiltersBar>
        <AdminListTable
          list={list}
          rows={cards}
          label={t('admin:exclusives.featured')}
          busy={list.isFetching || change.isPending}
          loadingLabel={t('admin:cards.loading')}
          errorText={t('admin:cards.error')}
          emptyState={
            <EmptyState
              icon={<Crown />}
              title={t('admin:exclusives.noneTitle')}
              text={t('admin:exclusives.noneText')}
            />
          }
          columns={[
            t('admin:exclusives.colPlace'),
            t('admin:exclusives.colCard'),
            t('admin:exclusives.colVendor'),
            t('admin:exclusives.colType'),
            t('admin:exclusives.colDeal'),
            t('admin:exclusives.colStatus'),
            t('admin:exclusives.colMove'),
          ]}
          styleOf={(column) => (column === t('admin:exclusives.colPlace') ? undefined : TIGHT)}
          onPage={setPage}
          renderRow={(card) => (
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
              <TableCell style={TIGHT}>{t(CARD_TYPE_NAME_KEYS[card.cardType])}</TableCell>
              <TableCell style={TIGHT} className="max-w-48 whitespace-normal text-stone-600">
                {dealText(card, t)}
              </TableCell>
              <TableCell style={TIGHT}>
                <CardStatusBadge status={card.status} />
              </TableCell>
              <TableCell style={TIGHT}>
                <div className="flex">
                  {DIRECTIONS.map((direction) => (
                    <Button
                      key={direction}
                      variant="ghost"
                      size="sm"
                      disabled={card.featuredOrder === null || change.isPending}
                      aria-label={
                        direction === 'up'
                          ? t('admin:exclusives.moveUp', { name: card.name })
                          : t('admin:exclusives.moveDown', { name: card.name })
                      }
                      onClick={() => change.mutate({ cardId: card.id, direction }, { onError })}
                    >
                      {direction === 'up' ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
                    </Button>
                  ))}
                </div>
              </TableCell>
            </TableRow>
          )}
        />
      </Card>
    </>
  );
}
