import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CustomerDashboard } from '@shared/customers/customer';
import { nationalPhoneNumber, phoneOfAccountEmail } from '@shared/accounts/phone';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/customer-texts';
import { cityName } from '@client/components/place-options';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-3">
      <dt className="w-20 shrink-0 text-sm text-stone-600">{label}</dt>
      <dd className="min-w-0 truncate text-sm font-medium text-stone-900">{value}</dd>
    </div>
  );
}

export function AccountSummary({ account }: { account: CustomerDashboard['account'] }) {
  const { t } = useTranslation('customer');
  const fullName = [account.name, account.surname].filter(Boolean).join(' ');
  const notSet = t('customer:account.notSet');
  // A phone account has no address to show: its number is its name in Chaska.
  const signInPhone = phoneOfAccountEmail(account.email);
  return (
    <Card
      title={t('customer:account.title')}
      actions={
        account.profileComplete ? null : (
          <Link to="/complete-profile" className="text-sm font-semibold text-brand-800 hover:underline">
            {t('customer:account.completeProfile')}
          </Link>
        )
      }
    >
      <dl className="flex flex-col gap-2.5">
        {signInPhone ? (
          <Row label={t('customer:account.mobile')} value={<bdi dir="ltr">{nationalPhoneNumber(signInPhone)}</bdi>} />
        ) : (
          <Row label={t('customer:account.email')} value={account.email} />
        )}
        <Row label={t('customer:account.name')} value={fullName || notSet} />
        <Row label={t('customer:account.city')} value={account.city ? cityName(account.city, t) : notSet} />
        {signInPhone ? null : (
          <Row
            label={t('customer:account.phone')}
            value={account.phone ? <bdi dir="ltr">{account.phone}</bdi> : notSet}
          />
        )}
        <Row
          label={t('customer:account.status')}
          value={<Badge tone={account.verified ? 'green' : 'yellow'}>{account.verificationStatus}</Badge>}
        />
      </dl>
    </Card>
  );
}
