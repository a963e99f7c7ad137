import { useState, type FormEvent } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { useLookupCustomerByPhone, useStampByPhone } from '@client/features/stamps/api/issue-stamp';
import { CarriedStamps, OrderQuantity } from './order-quantity';

/**
 * Issue Stamp by phone number, for a customer without a smartphone: the exact number finds them
 * (never a list), staff pick the card, the customer receives a receipt of the stamp.
 */
export function PhoneStampPanel() {
  const { t } = useTranslation('vendor');
  const lookup = useLookupCustomerByPhone();
  const stamp = useStampByPhone();
  const [phoneNumber, setPhoneNumber] = useState('');
  // Stamps for this customer's order (where the vendor allows several).
  const [quantity, setQuantity] = useState(1);

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('phoneNumber');
    const value = typeof typed === 'string' ? typed.trim() : '';
    stamp.reset();
    setQuantity(1);
    setPhoneNumber(value);
    lookup.mutate(value);
  }

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={find} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label={t('vendor:phoneStamp.label')} className="flex-1">
          <Input name="phoneNumber" type="tel" inputMode="tel" autoComplete="off" dir="ltr" />
        </FormField>
        <Button type="submit" busy={lookup.isPending}>
          {t('vendor:phoneStamp.find')}
        </Button>
      </form>
      {lookup.error ? <Banner tone="error">{lookup.error.message}</Banner> : null}
      {stamp.data ? (
        <Banner tone="success">
          {t('vendor:phoneStamp.given', {
            card: stamp.data.userCard.cardName,
            collected: stamp.data.userCard.stampsCollected,
            required: stamp.data.userCard.stampsRequired,
            count: stamp.data.userCard.stampsRequired,
          })}
          <CarriedStamps count={stamp.data.carriedStamps} />
        </Banner>
      ) : null}
      {stamp.error ? <Banner tone="error">{stamp.error.message}</Banner> : null}
      {lookup.data ? (
        <section aria-labelledby="phone-customer-title" className="rounded-xl border border-stone-200 p-4">
          <h3 id="phone-customer-title" className="text-base font-semibold text-stone-900">
            {lookup.data.customer.name || phoneNumber}
          </h3>
          <p className="text-sm text-stone-600">{t('vendor:scanCustomer.choose')}</p>
          <OrderQuantity max={lookup.data.maxStampsPerVisit} value={quantity} onChange={setQuantity} />
          <ul className="mt-3 flex flex-col divide-y divide-stone-100">
            {lookup.data.cards.map((card) => {
              const given = stamp.data?.userCard.cardId === card.cardId ? stamp.data.userCard : null;
              const collected = given ? given.stampsCollected : card.stampsCollected;
              return (
                <li key={card.cardId} className="flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm">
                  <span>
                    <span className="block font-medium text-stone-900">{card.name}</span>
                    <span className="text-stone-600">
                      {collected === null
                        ? t('vendor:scanCustomer.notYet')
                        : t('vendor:scanCustomer.progress', {
                            collected,
                            required: card.stampsRequired,
                            count: card.stampsRequired,
                          })}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    busy={stamp.isPending && stamp.variables?.cardId === card.cardId}
                    disabled={stamp.isPending}
                    onClick={() => stamp.mutate({ phoneNumber, cardId: card.cardId, quantity })}
                  >
                    {t('vendor:scanCustomer.give')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
