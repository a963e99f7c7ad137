import { useState } from 'react';
import type { CustomerCodeLookup, StampResult } from '@shared/stamps/stamps';
import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { CarriedStamps, CardOrderInput, OrderQuantity, type CardOrder } from './order-quantity';

type GivenCard = StampResult['userCard'];

/** The stamp just given, as staff read it: the card, its count now, and stamps carried to the next round. */
export function StampGivenBanner({ result, text }: { result: StampResult; text: 'scanned' | 'phone' }) {
  const { t } = useTranslation('vendor');
  const values = {
    card: result.userCard.cardName,
    collected: result.userCard.stampsCollected,
    required: result.userCard.stampsRequired,
    count: result.userCard.stampsRequired,
  };
  return (
    <Banner tone="success" title={text === 'scanned' ? result.message : undefined}>
      {text === 'scanned' ? t('vendor:scanCustomer.stamped', values) : t('vendor:phoneStamp.given', values)}
      <CarriedStamps count={result.carriedStamps} />
    </Banner>
  );
}

/**
 * The customer found (by My QR or by number) and the cards the counter may stamp: each with its
 * count (the one the server answered once stamped) and whether a reward waits, the order's
 * quantity, and Give stamp per card. `oncePerCard`: a card stamped here is done (a customer code
 * gives one stamp per card).
 */
export function CustomerCardsToStamp({
  titleId,
  name,
  lookup,
  quantity,
  onQuantityChange,
  given,
  givingCardId,
  giving,
  oncePerCard,
  onGive,
  pin,
  pinError,
  onPinChange,
}: {
  titleId: string;
  name: string;
  lookup: CustomerCodeLookup;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  given: Readonly<Record<string, GivenCard>>;
  givingCardId: string | null;
  giving: boolean;
  oncePerCard: boolean;
  onGive: (cardId: string, order: CardOrder) => void;
  /** The shop's PIN for a large order, once the server asked for it (null: not asked). */
  pin: string | null;
  pinError: string | undefined;
  onPinChange: (pin: string) => void;
}) {
  const { t } = useTranslation('vendor');
  // A per-item card's items and a points card's bill, per card (decision 085).
  const [orders, setOrders] = useState<Record<string, CardOrder>>({});
  const orderOf = (card: CustomerCodeLookup['cards'][number]): CardOrder =>
    card.earnKind === 'visit'
      ? { quantity }
      : (orders[card.cardId] ?? (card.earnKind === 'item' ? { quantity: 1 } : {}));
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-stone-200 p-4">
      <h3 id={titleId} className="text-base font-semibold text-stone-900">
        {name}
      </h3>
      <p className="text-sm text-stone-600">{t('vendor:scanCustomer.choose')}</p>
      <OrderQuantity max={lookup.maxStampsPerVisit} value={quantity} onChange={onQuantityChange} />
      {pin !== null ? (
        <FormField label={t('vendor:fraud.pinLabel')} error={pinError} className="sm:w-48">
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            onChange={(event) => onPinChange(event.target.value.replace(/\D/g, ''))}
          />
        </FormField>
      ) : null}
      <ul className="mt-3 flex flex-col divide-y divide-stone-100">
        {lookup.cards.map((card) => {
          const stamped = given[card.cardId];
          const collected = stamped ? stamped.stampsCollected : card.stampsCollected;
          const rewardPending = stamped ? stamped.status === 'completed' : card.rewardPending;
          const done = oncePerCard && stamped !== undefined;
          return (
            <li key={card.cardId} className="flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm">
              <span>
                <span className="block font-medium text-stone-900">{card.name}</span>
                <span className="text-stone-600">
                  {collected === null
                    ? t('vendor:scanCustomer.notYet')
                    : card.earnKind === 'points'
                      ? t('vendor:scanCustomer.points', { count: collected })
                      : t('vendor:scanCustomer.progress', {
                          collected,
                          required: card.stampsRequired,
                          count: card.stampsRequired,
                        })}
                  {rewardPending ? t('vendor:scanCustomer.rewardWaiting') : ''}
                </span>
              </span>
              <CardOrderInput
                card={card}
                order={orderOf(card)}
                onChange={(order) => setOrders((current) => ({ ...current, [card.cardId]: order }))}
              />
              <Button
                size="sm"
                busy={giving && givingCardId === card.cardId}
                disabled={giving || done || rewardPending || (card.earnKind === 'points' && !orderOf(card).amount)}
                onClick={() => onGive(card.cardId, orderOf(card))}
              >
                {done ? t('vendor:scanCustomer.given') : t('vendor:scanCustomer.give')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
