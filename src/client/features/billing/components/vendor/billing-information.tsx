import { CreditCard, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import type { BillingInformation as BillingInformationData } from '@shared/billing';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';

function rows(information: BillingInformationData): [string, string][] {
  const card = information.cardLast4
    ? `${information.cardBrand ?? 'Card'} ending in ${information.cardLast4}`
    : information.paymentMethod;
  const entries: [string, string | undefined][] = [
    ['Payment method', card],
    ['Name', information.name],
    ['E-mail', information.email],
    ['Address', information.address],
    ['Processed by', information.provider],
  ];
  return entries.filter((entry): entry is [string, string] => Boolean(entry[1]));
}

/** What the payment provider reported; Chaska never sees full card numbers. */
export function BillingInformation({ information }: { information: BillingInformationData | null }) {
  const supportButton = (
    <Button asChild variant="outline">
      <Link to="/support">
        <LifeBuoy aria-hidden="true" />
        Contact Support
      </Link>
    </Button>
  );
  return (
    <Card title="Billing Information" aria-label="Billing Information">
      {information ? (
        <div className="flex flex-col gap-5">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {rows(information).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-stone-600">{label}</dt>
                <dd className="font-medium break-words text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div>{supportButton}</div>
        </div>
      ) : (
        <EmptyState
          icon={<CreditCard />}
          title="No billing information yet"
          titleAs="h3"
          text="Your payment method appears here after your first payment. Questions about billing? Our support team can help."
          action={supportButton}
        />
      )}
    </Card>
  );
}
