import { useState } from 'react';
import type { StampResult } from '@shared/stamps/stamps';
import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { useIssueStamp, useLookupCustomerCode } from '@client/features/stamps/api/issue-stamp';
import { CodeEntry } from '@client/components/codes/code-entry';
import { CustomerCardsToStamp, StampGivenBanner } from './customer-cards-to-stamp';
import { orderToSend } from './order-quantity';
import { asksForPin } from './order-pin';

/** Read a customer's My QR code, then give a stamp on the card they are buying for. */
export function ScanCustomerPanel({ branchId }: { branchId: string | null }) {
  const { t } = useTranslation('vendor');
  const lookup = useLookupCustomerCode();
  const issue = useIssueStamp();
  const [code, setCode] = useState<string | null>(null);
  // The cards stamped with this code: their row shows the count the server answered, and the
  // code gives one stamp per card, so their button is done.
  const [stamped, setStamped] = useState<Record<string, StampResult['userCard']>>({});
  // Stamps for this customer's order (where the vendor allows several).
  const [quantity, setQuantity] = useState(1);
  // The shop's PIN, once the server asked for it for a large order.
  const [pin, setPin] = useState('');
  const pinAsked = asksForPin(issue.error);

  const read = (value: string) => {
    issue.reset();
    setStamped({});
    setQuantity(1);
    setPin('');
    setCode(value);
    lookup.mutate(value);
  };

  return (
    <div className="flex flex-col gap-4">
      <CodeEntry
        label={t('vendor:scanCustomer.label')}
        submitLabel={t('vendor:scanCustomer.find')}
        busy={lookup.isPending}
        onCode={read}
      />
      {lookup.error ? <Banner tone="error">{lookup.error.message}</Banner> : null}
      {issue.data ? <StampGivenBanner result={issue.data} text="scanned" /> : null}
      {issue.error && !pinAsked ? <Banner tone="error">{issue.error.message}</Banner> : null}
      {lookup.data && code ? (
        <CustomerCardsToStamp
          titleId="customer-cards-title"
          name={lookup.data.customer.name}
          lookup={lookup.data}
          quantity={quantity}
          onQuantityChange={setQuantity}
          given={stamped}
          givingCardId={issue.variables?.cardId ?? null}
          giving={issue.isPending}
          oncePerCard
          pin={pinAsked || pin ? pin : null}
          pinError={pinAsked ? issue.error?.message : undefined}
          onPinChange={setPin}
          onGive={(cardId, order) =>
            issue.mutate(
              { customerCode: code, ...orderToSend(cardId, order, pin, branchId) },
              { onSuccess: (result) => setStamped((current) => ({ ...current, [cardId]: result.userCard })) },
            )
          }
        />
      ) : null}
    </div>
  );
}
