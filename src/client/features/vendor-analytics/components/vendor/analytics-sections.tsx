import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CARD_TYPE_LABELS } from '@shared/cards';
import { PEAK_BANDS, type VendorAnalytics } from '@shared/vendor-analytics';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@client/components/ui/table';
import { CardStatusBadge, CompletionBadge } from '@client/components/cards/card-status-badge';

/** What a section looks like when the plan's analytics level does not include it. */
export function LockedSection({
  title,
  plan,
  isOwner,
}: {
  title: string;
  plan: 'Standard' | 'Premium';
  isOwner: boolean;
}) {
  return (
    <Card title={title}>
      <div className="flex flex-col items-start gap-3 rounded-lg bg-stone-50 p-4 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2">
          <Lock aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
          Included with the {plan} plan and above.
        </p>
        {isOwner ? (
          <Button asChild size="sm" variant="outline">
            <Link to="/vendor/billing">Upgrade Plan</Link>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** A partner card's totals split by the vendor whose counter did the work: the owner first. */
export function PartnerShareTable({ shares }: { shares: NonNullable<VendorAnalytics['partnerShares']> }) {
  return (
    <Card
      title="Partner share"
      description="Stamps each vendor issued and rewards each confirmed at its counter in this period."
      flush
    >
      <Table label="Partner share">
        <TableHead>
          <TableRow>
            <TableHeaderCell>Vendor</TableHeaderCell>
            <TableHeaderCell className="text-end">Stamps issued</TableHeaderCell>
            <TableHeaderCell className="text-end">Rewards confirmed</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shares.map((share, index) => (
            <TableRow key={share.vendorId}>
              <TableCell>
                <span className="font-medium text-stone-900">{share.businessName}</span>
                {index === 0 ? <span className="block text-xs text-stone-600">Card owner</span> : null}
              </TableCell>
              <TableCell className="text-end tabular-nums">{share.stamps.toLocaleString('en-PK')}</TableCell>
              <TableCell className="text-end tabular-nums">{share.redemptions.toLocaleString('en-PK')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

export function CardPerformanceTable({
  rows,
  selectedCardId,
}: {
  rows: NonNullable<VendorAnalytics['cardPerformance']>;
  selectedCardId: string | null;
}) {
  return (
    <Card
      title="Card Performance"
      description="Stamps and rewards in this period; completion counts holders who finished the card at least once."
      flush
    >
      {rows.length === 0 ? (
        <p className="px-4 pb-5 text-sm text-stone-600 sm:px-6">No cards yet.</p>
      ) : (
        <Table label="Card performance">
          <TableHead>
            <TableRow>
              <TableHeaderCell>Card</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell className="text-end">Users</TableHeaderCell>
              <TableHeaderCell className="text-end">Stamps</TableHeaderCell>
              <TableHeaderCell className="text-end">Rewards</TableHeaderCell>
              <TableHeaderCell className="text-end">Redeemed</TableHeaderCell>
              <TableHeaderCell>Completion</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} className={row.id === selectedCardId ? 'bg-brand-50' : undefined}>
                <TableCell>
                  <span className="font-medium text-stone-900">{row.name}</span>
                  <span className="block text-xs text-stone-600">{CARD_TYPE_LABELS[row.cardType]}</span>
                </TableCell>
                <TableCell>
                  <CardStatusBadge status={row.status} />
                </TableCell>
                <TableCell className="text-end tabular-nums">{row.users}</TableCell>
                <TableCell className="text-end tabular-nums">{row.stamps}</TableCell>
                <TableCell className="text-end tabular-nums">{row.rewardsEarned}</TableCell>
                <TableCell className="text-end tabular-nums">{row.rewardsRedeemed}</TableCell>
                <TableCell>
                  <CompletionBadge percent={row.completionRate} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

function ListOrEmpty({ empty, children }: { empty: boolean; children: ReactNode }) {
  return empty ? <p className="text-sm text-stone-600">No stamps in this period yet.</p> : <>{children}</>;
}

export function TopCustomersList({ customers }: { customers: NonNullable<VendorAnalytics['topCustomers']> }) {
  return (
    <Card title="Top Customers" description="Most stamps in this period.">
      <ListOrEmpty empty={customers.length === 0}>
        <ol className="divide-y divide-stone-100">
          {customers.map((customer, index) => (
            <li key={customer.userId} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
                >
                  {index + 1}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-stone-900">{customer.name}</span>
                  <span className="block truncate text-xs text-stone-600">{customer.email}</span>
                </span>
              </span>
              <span className="shrink-0 text-end text-stone-700 tabular-nums">
                {customer.stamps} stamps
                <span className="block text-xs text-stone-600">{customer.rewards} rewards</span>
              </span>
            </li>
          ))}
        </ol>
      </ListOrEmpty>
    </Card>
  );
}

export function PeakHoursList({ bands }: { bands: NonNullable<VendorAnalytics['peakHours']> }) {
  const total = bands.reduce((sum, band) => sum + band.stamps, 0);
  return (
    <Card title="Peak Hours" description="When stamps are collected, Pakistan time.">
      <ListOrEmpty empty={total === 0}>
        <ul className="flex flex-col gap-3">
          {bands.map((row) => {
            const band = PEAK_BANDS.find((candidate) => candidate.id === row.band)!;
            return (
              <li key={row.band} className="text-sm">
                <div className="flex justify-between gap-3">
                  <span>
                    <span className="font-medium text-stone-900">{band.label}</span>{' '}
                    <span className="text-stone-600">{band.hours}</span>
                  </span>
                  <span className="tabular-nums text-stone-700">
                    {row.stamps} ({row.share}%)
                  </span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-stone-100" aria-hidden="true">
                  <div className="h-2 rounded-full bg-brand-600" style={{ width: `${row.share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </ListOrEmpty>
    </Card>
  );
}
