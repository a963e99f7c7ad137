import { Coins } from 'lucide-react';
import { useId, useState } from 'react';
import { formatNumber, formatPKR } from '@shared/number-format';
import { pakistanDateKey } from '@shared/pakistan-time';
import { Banner } from '@client/components/ui/banner';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useTextCosts } from '@client/features/notifications/api/list-emails';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** Whole rupees, as every amount in Chaska (formatPKR): a month of messages is hundreds of them. */
const rupees = (paisa: number) => formatPKR(Math.round(paisa / 100));

/**
 * What WhatsApp and SMS cost in a month (decision 081), per vendor, most first, with the month's
 * total: the price each message was sent at. Codes and receipts name no vendor: one row of their own.
 */
export function TextCostsTable() {
  const { t } = useTranslation('admin');
  // The current month in Pakistan; the server would answer the same for none.
  const [month, setMonth] = useState(() => pakistanDateKey(new Date()).slice(0, 7));
  const monthId = useId();
  const costs = useTextCosts(month);
  return (
    <div className="flex flex-col gap-4 px-4 pb-4">
      <FormField label={t('admin:textCosts.month')} id={monthId} className="max-w-xs">
        <Input
          id={monthId}
          type="month"
          value={month}
          onChange={(event) => event.target.value && setMonth(event.target.value)}
        />
      </FormField>
      {costs.isError ? (
        <Banner tone="error" title={t('admin:textCosts.loadFailed')}>
          {costs.error.message}
        </Banner>
      ) : !costs.data ? (
        <Spinner label={t('admin:textCosts.loading')} />
      ) : costs.data.vendors.length === 0 ? (
        <EmptyState icon={<Coins />} title={t('admin:textCosts.none')} />
      ) : (
        <>
          <p className="text-sm font-medium text-stone-900">
            {t('admin:textCosts.total', { total: rupees(costs.data.totalPaisa) })}
          </p>
          <Table label={t('admin:textCosts.table')}>
            <TableColumns
              columns={[
                t('admin:textCosts.colVendor'),
                t('admin:textCosts.colWhatsApp'),
                t('admin:textCosts.colSms'),
                t('admin:textCosts.colCost'),
              ]}
            />
            <TableBody>
              {costs.data.vendors.map((row) => (
                <TableRow key={row.vendorId ?? 'none'}>
                  <TableCell>{row.vendorName ?? t('admin:textCosts.noVendor')}</TableCell>
                  <TableCell>{formatNumber(row.whatsapp)}</TableCell>
                  <TableCell>
                    {t('admin:textCosts.smsWithParts', {
                      sms: formatNumber(row.sms),
                      parts: formatNumber(row.smsParts),
                    })}
                  </TableCell>
                  <TableCell>{rupees(row.costPaisa)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </div>
  );
}
