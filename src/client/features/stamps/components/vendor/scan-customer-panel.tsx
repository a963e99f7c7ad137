import { useState } from 'react';
import type { StampResult } from '@shared/stamps/stamps';
import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { useIssueStamp, useLookupCustomerCode } from '@client/features/stamps/api/issue-stamp';
import { CodeEntry } from '@client/components/codes/code-entry';
import { CarriedStamps, OrderQuantity } from './order-quantity';

/** Read a customer's My QR code, then give a stamp on the card they are buying for. */
export function ScanCustomerPanel() {
  const { t } = useTranslation('vendor');
  const lookup = useLookupCustomerCode();
  const issue = useIssueStamp();
  const [code, setCode] = useState<string | null>(null);
  // The cards stamped with this code: their row shows the count the server answered, and the
  // code gives one stamp per card, so their button is done.
  const [stamped, setStamped] = useState<Record<string, StampResult['userCard']>>({});
  // Stamps for this customer's order (where the vendor allows several).
  const [quantity, setQuantity] = useState(1);

  const read = (value: string) => {
    issue.reset();
    setStamped({});
    setQuantity(1);
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
      {issue.data ? (
        <Banner tone="success" title={issue.data.message}>
          {t('vendor:scanCustomer.stamped', {
            card: issue.data.userCard.cardName,
            collected: issue.data.userCard.stampsCollected,
            required: issue.data.userCard.stampsRequired,
            count: issue.data.userCard.stampsRequired,
          })}
          <CarriedStamps count={issue.data.carriedStamps} />
        </Banner>
      ) : null}
      {issue.error ? <Banner tone="error">{issue.error.message}</Banner> : null}
      {lookup.data && code ? (
        <section aria-labelledby="customer-cards-title" className="rounded-xl border border-stone-200 p-4">
          <h3 id="customer-cards-title" className="text-base font-semibold text-stone-900">
            {lookup.data.customer.name}
          </h3>
          <p className="text-sm text-stone-600">{t('vendor:scanCustomer.choose')}</p>
          <OrderQuantity max={lookup.data.maxStampsPerVisit} value={quantity} onChange={setQuantity} />
          <ul className="mt-3 flex flex-col divide-y divide-stone-100">
            {lookup.data.cards.map((card) => {
              const given = stamped[card.cardId];
              const collected = given ? given.stampsCollected : card.stampsCollected;
              const rewardPending = given ? given.status === 'completed' : card.rewardPending;
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
                      {rewardPending ? t('vendor:scanCustomer.rewardWaiting') : ''}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    busy={issue.isPending && issue.variables?.cardId === card.cardId}
                    disabled={issue.isPending || given !== undefined || rewardPending}
                    onClick={() =>
                      issue.mutate(
                        { customerCode: code, cardId: card.cardId, quantity },
                        {
                          onSuccess: (result) =>
                            setStamped((current) => ({ ...current, [card.cardId]: result.userCard })),
                        },
                      )
                    }
                  >
                    {given ? t('vendor:scanCustomer.given') : t('vendor:scanCustomer.give')}
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
