import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CustomerDashboard } from '@shared/customer';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-3">
      <dt className="w-20 shrink-0 text-sm text-stone-600">{label}</dt>
      <dd className="min-w-0 truncate text-sm font-medium text-stone-900">{value}</dd>
    </div>
  );
}

export function AccountSummary({ account }: { account: CustomerDashboard['account'] }) {
  const fullName = [account.name, account.surname].filter(Boolean).join(' ');
  return (
    <Card
      title="Account"
      actions={
        <Link to="/complete-profile" className="text-sm font-semibold text-brand-800 hover:underline">
          Complete profile
        </Link>
      }
    >
      <dl className="flex flex-col gap-2.5">
        <Row label="Email" value={account.email} />
        <Row label="Name" value={fullName || 'Not set'} />
        <Row label="City" value={account.city ?? 'Not set'} />
        <Row label="Phone" value={account.phone ?? 'Not set'} />
        <Row
          label="Status"
          value={<Badge tone={account.verified ? 'green' : 'yellow'}>{account.verificationStatus}</Badge>}
        />
      </dl>
    </Card>
  );
}
