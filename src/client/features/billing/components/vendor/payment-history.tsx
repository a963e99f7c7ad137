import { Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import type { Payment, PaymentStatus } from '@shared/billing/billing';
import { formatPKR } from '@shared/number-format';
import { formatDayAndMonth, formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@client/components/ui/table';
import { usePayments } from '@client/features/billing/api/list-payments';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';

const STATUS_TONE: Record<PaymentStatus, 'green' | 'red' | 'grey'> = { paid: 'green', failed: 'red', refunded: 'grey' };
const STATUS_KEYS: Record<PaymentStatus, string> = {
  paid: 'vendor:payments.paid',
  failed: 'vendor:payments.failed',
  refunded: 'vendor:payments.refunded',
};

/** An upgrade's charge as its receipt lists it: the new plan's month, the credit for the old one. */
function CreditLines({ payment, credit }: { payment: Payment; credit: NonNullable<Payment['credit']> }) {
  const plans = usePlanTexts();
  return (
    <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 text-xs text-stone-600">
      <dt>
        {plans.t('vendor:payments.planLine', {
          plan: plans.name(payment.planId),
          from: formatDayAndMonth(new Date(payment.paidAt)),
          to: formatLongDate(payment.periodEnd),
        })}
      </dt>
      <dd className="text-end tabular-nums">{formatPKR(payment.amount + credit.amount)}</dd>
      <dt>{plans.t('vendor:payments.creditLine', { plan: plans.name(credit.planId) })}</dt>
      <dd className="text-end tabular-nums">
        {plans.t('vendor:payments.minus', { amount: formatPKR(credit.amount) })}
      </dd>
    </dl>
  );
}

export function PaymentHistory() {
  const { t } = useTranslation('vendor');
  const [page, setPage] = useState(1);
  const payments = usePayments(page, true);
  const data = payments.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  let content;
  if (payments.isPending) {
    content = (
      <div className="flex justify-center p-8 text-brand-700">
        <Spinner label={t('vendor:payments.loading')} />
      </div>
    );
  } else if (payments.isError) {
    content = (
      <div className="p-4 sm:p-6">
        <Banner tone="error">{t('vendor:billing.error', { message: payments.error.message })}</Banner>
      </div>
    );
  } else if (!data || data.total === 0) {
    content = (
      <div className="p-4 sm:p-6">
        <EmptyState
          icon={<Receipt />}
          title={t('vendor:payments.emptyTitle')}
          titleAs="h3"
          text={t('vendor:payments.emptyText')}
        />
      </div>
    );
  } else {
    content = (
      <>
        <Table label={t('vendor:payments.table')}>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('vendor:payments.date')}</TableHeaderCell>
              <TableHeaderCell>{t('vendor:payments.receipt')}</TableHeaderCell>
              <TableHeaderCell>{t('vendor:payments.description')}</TableHeaderCell>
              <TableHeaderCell>{t('vendor:payments.amount')}</TableHeaderCell>
              <TableHeaderCell>{t('vendor:payments.status')}</TableHeaderCell>
              <TableHeaderCell>{t('vendor:payments.reference')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {data.payments.map((payment) => (
              <TableRow key={payment.id}>
                <TableCell className="whitespace-nowrap">{formatLongDate(payment.paidAt)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {payment.receiptNumber ? (
                    <a
                      className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                      href={`/api/billing/payments/${encodeURIComponent(payment.id)}/receipt.pdf`}
                      download
                      aria-label={t('vendor:payments.downloadReceipt', { number: payment.receiptNumber })}
                    >
                      <Download aria-hidden="true" className="size-4" />
                      {payment.receiptNumber}
                    </a>
                  ) : (
                    <span className="text-stone-500">{t('vendor:payments.none')}</span>
                  )}
                </TableCell>
                <TableCell>
                  {payment.description}
                  {payment.credit ? <CreditLines payment={payment} credit={payment.credit} /> : null}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatPKR(payment.amount)}</TableCell>
                <TableCell>
                  <Badge tone={STATUS_TONE[payment.status]}>{t(STATUS_KEYS[payment.status])}</Badge>
                </TableCell>
                <TableCell className="font-mono text-xs break-all text-stone-600">{payment.reference}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {pages > 1 ? (
          <nav
            aria-label={t('vendor:payments.pages')}
            className="flex items-center justify-between gap-3 border-t border-stone-200 px-4 py-3 sm:px-6"
          >
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('vendor:customers.previous')}
            </Button>
            <span className="text-sm text-stone-600">{t('vendor:payments.pageOf', { page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('vendor:customers.next')}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <Card title={t('vendor:payments.title')} flush aria-label={t('vendor:payments.title')}>
      {content}
    </Card>
  );
}
