import { useState, type FormEvent } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { useLookupCustomerByPhone, useStampByPhone } from '@client/features/stamps/api/issue-stamp';
import { CustomerCardsToStamp, StampGivenBanner } from './customer-cards-to-stamp';
import { orderToSend } from './order-quantity';
import { asksForPin } from './order-pin';

/**
 * Issue Stamp by phone number, for a customer without a smartphone: the exact number finds them
 * (never a list), staff pick the card, the customer receives a receipt of the stamp.
 */
export function PhoneStampPanel({ branchId }: { branchId: string | null }) {
  const { t } = useTranslation('vendor');
  const lookup = useLookupCustomerByPhone();
  const stamp = useStampByPhone();
  const [phoneNumber, setPhoneNumber] = useState('');
  // Stamps for this customer's order (where the vendor allows several).
  const [quantity, setQuantity] = useState(1);
  // The shop's PIN, once the server asked for it for a large order.
  const [pin, setPin] = useState('');
  const pinAsked = asksForPin(stamp.error);

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('phoneNumber');
    const value = typeof typed === 'string' ? typed.trim() : '';
    stamp.reset();
    setQuantity(1);
    setPin('');
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
      {stamp.data ? <StampGivenBanner result={stamp.data} text="phone" /> : null}
      {stamp.error && !pinAsked ? <Banner tone="error">{stamp.error.message}</Banner> : null}
      {lookup.data ? (
        <CustomerCardsToStamp
          titleId="phone-customer-title"
          name={lookup.data.customer.name || phoneNumber}
          lookup={lookup.data}
          quantity={quantity}
          onQuantityChange={setQuantity}
          given={stamp.data ? { [stamp.data.userCard.cardId]: stamp.data.userCard } : {}}
          givingCardId={stamp.variables?.cardId ?? null}
          giving={stamp.isPending}
          oncePerCard={false}
          onGive={(cardId, order) => stamp.mutate({ phoneNumber, ...orderToSend(cardId, order, pin, branchId) })}
          pin={pinAsked || pin ? pin : null}
          pinError={pinAsked ? stamp.error?.message : undefined}
          onPinChange={setPin}
        />
      ) : null}
    </div>
  );
}
