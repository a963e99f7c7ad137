import { CreditCard, LifeBuoy } from 'lucide-react';
import type { TFunction } from '@client/lib/translation';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import type { BillingInformation as BillingInformationData } from '@shared/billing/billing';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';

function rows(t: TFunction, information: BillingInformationData): [string, string][] {
  const card = information.cardLast4
    ? t('vendor:info.cardEnding', {
        cardBrand: information.cardBrand ?? t('vendor:info.card'),
        last4: information.cardLast4,
      })
    : information.paymentMethod;
  const entries: [string, string | undefined][] = [
    [t('vendor:info.method'), card],
    [t('vendor:info.name'), information.name],
    [t('vendor:info.email'), information.email],
    [t('vendor:info.address'), information.address],
    [t('vendor:info.processedBy'), information.provider],
  ];
  return entries.filter((entry): entry is [string, string] => Boolean(entry[1]));
}

/** What the payment provider reported; Chaska never sees full card numbers. */
export function BillingInformation({ information }: { information: BillingInformationData | null }) {
  const { t } = useTranslation('vendor');
  const supportButton = (
    <Button asChild variant="outline">
      <Link to="/support">
        <LifeBuoy aria-hidden="true" />
        {t('vendor:dashboard.contactSupport')}
      </Link>
    </Button>
  );
  return (
    <Card title={t('vendor:info.title')} aria-label={t('vendor:info.title')}>
      {information ? (
        <div className="flex flex-col gap-5">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {rows(t, information).map(([label, value]) => (
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
          title={t('vendor:info.emptyTitle')}
          titleAs="h3"
          text={t('vendor:info.emptyText')}
          action={supportButton}
        />
      )}
    </Card>
  );
}
