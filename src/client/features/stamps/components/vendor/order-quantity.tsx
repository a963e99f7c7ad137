import { useId } from 'react';
import { useTranslation } from '@client/lib/translation';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { formatNumber } from '@shared/number-format';
import { MAX_BILL_PKR, pointsForBill, type EarnKind } from '@shared/cards/earn-rules';

/** What the counter gives on one card: stamps (a quantity) or a points card's bill (decision 085). */
export interface CardOrder {
  quantity?: number;
  amount?: number;
}

/**
 * What a card's order sends, whichever way the customer was found (My QR or phone number): the
 * shop's PIN once the server asked for it, and the branch where the counter has one.
 */
export function orderToSend(cardId: string, order: CardOrder, pin: string, branchId: string | null) {
  return {
    cardId,
    quantity: order.quantity ?? 1,
    ...(order.amount ? { amount: order.amount } : {}),
    ...(pin ? { pin } : {}),
    ...(branchId ? { branchId } : {}),
  };
}

/** 1 to `max`, the quantities an order may choose from. */
function QuantityOptions({ max }: { max: number }) {
  return Array.from({ length: max }, (_, index) => index + 1).map((quantity) => (
    <option key={quantity} value={quantity}>
      {formatNumber(quantity)}
    </option>
  ));
}

/**
 * A per-item card asks for its items (1 to its most per visit), a points card for the bill with
 * the points it will give beside it (the server's own arithmetic, pointsForBill); a per-visit
 * card asks nothing here (the order's quantity above covers it).
 */
export function CardOrderInput({
  card,
  order,
  onChange,
}: {
  card: {
    name: string;
    earnKind: EarnKind;
    maxItemsPerVisit: number | null;
    pointsPer100Pkr: number | null;
    minBillPkr: number;
  };
  order: CardOrder;
  onChange: (order: CardOrder) => void;
}) {
  const { t } = useTranslation('vendor');
  const hintId = useId();
  if (card.earnKind === 'item') {
    const max = card.maxItemsPerVisit ?? 1;
    return (
      <label className="flex items-center gap-2 text-sm text-stone-700">
        {t('vendor:order.items', { card: card.name })}
        <Select
          className="w-20"
          value={String(order.quantity ?? 1)}
          onChange={(event) => onChange({ quantity: Number(event.target.value) })}
        >
          <QuantityOptions max={max} />
        </Select>
      </label>
    );
  }
  if (card.earnKind !== 'points') return null;
  const amount = order.amount;
  const points = amount ? pointsForBill(amount, card.pointsPer100Pkr ?? 0) : 0;
  return (
    <span className="flex flex-col gap-1 text-sm">
      <label className="flex items-center gap-2 text-stone-700">
        {t('vendor:order.bill', { card: card.name })}
        <Input
          className="w-32"
          type="number"
          inputMode="numeric"
          min={Math.max(1, card.minBillPkr)}
          max={MAX_BILL_PKR}
          aria-describedby={hintId}
          value={amount ?? ''}
          onChange={(event) => {
            const value = Number(event.target.value);
            onChange(event.target.value === '' || !Number.isFinite(value) ? {} : { amount: value });
          }}
        />
      </label>
      <span id={hintId} className="text-stone-600">
        {amount && amount < card.minBillPkr
          ? t('vendor:order.belowMinimum', { amount: formatNumber(card.minBillPkr) })
          : t('vendor:order.pointsPreview', { count: points })}
      </span>
    </span>
  );
}

/**
 * How many stamps this order gives (a family of four: 4), where the vendor allows several
 * (its most per order, `max`); nothing to choose when it allows one. The server checks it again.
 */
export function OrderQuantity({
  max,
  value,
  onChange,
}: {
  max: number;
  value: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation('vendor');
  if (max <= 1) return null;
  return (
    <FormField label={t('vendor:order.quantity')} className="sm:w-48">
      <Select value={String(Math.min(value, max))} onChange={(event) => onChange(Number(event.target.value))}>
        <QuantityOptions max={max} />
      </Select>
    </FormField>
  );
}

/** The stamps of an order beyond the reward, which start the card's next round: said when there are any. */
export function CarriedStamps({ count }: { count: number }) {
  const { t } = useTranslation('vendor');
  if (count <= 0) return null;
  return <span className="mt-1 block">{t('vendor:order.carried', { count })}</span>;
}
