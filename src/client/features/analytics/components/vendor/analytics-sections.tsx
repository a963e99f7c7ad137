import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { formatNumber } from '@shared/number-format';
import { formatHourBand } from '@shared/pakistan-time';
import { CARD_TYPE_NAME_KEYS } from '@shared/cards/cards';
import { PEAK_BANDS, type PeakBandId, type VendorAnalytics } from '@shared/analytics/vendor-analytics';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@client/components/ui/table';
import { CardStatusBadge, CompletionBadge } from '@client/components/cards/card-status-badge';
import { contactText } from '@shared/accounts/phone';

const PEAK_KEYS: Record<PeakBandId, string> = {
  morning: 'vendor:peak.morning',
  afternoon: 'vendor:peak.afternoon',
  evening: 'vendor:peak.evening',
  night: 'vendor:peak.night',
};

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
  const { t } = useTranslation('vendor');
  return (
    <Card title={title}>
      <div className="flex flex-col items-start gap-3 rounded-lg bg-stone-50 p-4 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2">
          <Lock aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
          {t('vendor:locked.text', { plan })}
        </p>
        {isOwner ? (
          <Button asChild size="sm" variant="outline">
            <Link to="/vendor/billing">{t('vendor:plan.upgrade')}</Link>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** A partner card's totals split by the vendor whose counter did the work: the owner first. */
export function PartnerShareTable({ shares }: { shares: NonNullable<VendorAnalytics['partnerShares']> }) {
  const { t } = useTranslation('vendor');
  return (
    <Card title={t('vendor:partnerShare.title')} description={t('vendor:partnerShare.text')} flush>
      <Table label={t('vendor:partnerShare.title')}>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t('vendor:partnerShare.vendor')}</TableHeaderCell>
            <TableHeaderCell className="text-end">{t('vendor:partnerShare.stamps')}</TableHeaderCell>
            <TableHeaderCell className="text-end">{t('vendor:partnerShare.rewards')}</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shares.map((share, index) => (
            <TableRow key={share.vendorId}>
              <TableCell>
                <span className="font-medium text-stone-900">{share.businessName}</span>
                {index === 0 ? (
                  <span className="block text-xs text-stone-600">{t('vendor:partnerShare.owner')}</span>
                ) : null}
              </TableCell>
              <TableCell className="text-end tabular-nums">{formatNumber(share.stamps)}</TableCell>
              <TableCell className="text-end tabular-nums">{formatNumber(share.redemptions)}</TableCell>
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
  const { t } = useTranslation('vendor');
  return (
    <Card title={t('vendor:analytics.cardPerformance')} description={t('vendor:performance.text')} flush>
      {rows.length === 0 ? (
        <p className="px-4 pb-5 text-sm text-stone-600 sm:px-6">{t('vendor:performance.none')}</p>
      ) : (
        <Table label={t('vendor:performance.table')}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('vendor:performance.card')}</TableHeaderCell>
              <TableHeaderCell>{t('vendor:performance.status')}</TableHeaderCell>
              <TableHeaderCell className="text-end">{t('vendor:performance.users')}</TableHeaderCell>
              <TableHeaderCell className="text-end">{t('vendor:performance.stamps')}</TableHeaderCell>
              <TableHeaderCell className="text-end">{t('vendor:performance.rewards')}</TableHeaderCell>
              <TableHeaderCell className="text-end">{t('vendor:performance.redeemed')}</TableHeaderCell>
              <TableHeaderCell>{t('vendor:performance.completion')}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} className={row.id === selectedCardId ? 'bg-brand-50' : undefined}>
                <TableCell>
                  <span className="font-medium text-stone-900">{row.name}</span>
                  <span className="block text-xs text-stone-600">{t(CARD_TYPE_NAME_KEYS[row.cardType])}</span>
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
  const { t } = useTranslation('vendor');
  return empty ? <p className="text-sm text-stone-600">{t('vendor:analytics.noStamps')}</p> : <>{children}</>;
}

export function TopCustomersList({ customers }: { customers: NonNullable<VendorAnalytics['topCustomers']> }) {
  const { t } = useTranslation('vendor');
  return (
    <Card title={t('vendor:analytics.topCustomers')} description={t('vendor:topCustomers.text')}>
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
                  <bdi dir="ltr" className="block truncate text-xs text-stone-600">
                    {contactText(customer.email)}
                  </bdi>
                </span>
              </span>
              <span className="shrink-0 text-end text-stone-700 tabular-nums">
                {t('vendor:topCustomers.stamps', { count: customer.stamps })}
                <span className="block text-xs text-stone-600">
                  {t('vendor:topCustomers.rewards', { count: customer.rewards })}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </ListOrEmpty>
    </Card>
  );
}

export function PeakHoursList({ bands }: { bands: NonNullable<VendorAnalytics['peakHours']> }) {
  const { t } = useTranslation('vendor');
  const total = bands.reduce((sum, band) => sum + band.stamps, 0);
  return (
    <Card title={t('vendor:analytics.peakHours')} description={t('vendor:peak.text')}>
      <ListOrEmpty empty={total === 0}>
        <ul className="flex flex-col gap-3">
          {bands.map((row) => {
            const band = PEAK_BANDS.find((candidate) => candidate.id === row.band)!;
            return (
              <li key={row.band} className="text-sm">
                <div className="flex justify-between gap-3">
                  <span>
                    <span className="font-medium text-stone-900">{t(PEAK_KEYS[band.id])}</span>{' '}
                    <span className="text-stone-600">{formatHourBand(band.from, band.to)}</span>
                  </span>
                  <span className="tabular-nums text-stone-700">
                    {t('vendor:peak.value', { stamps: row.stamps, share: row.share })}
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
