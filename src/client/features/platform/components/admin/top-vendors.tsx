import { formatNumber } from '@shared/number-format';
import { Link } from 'react-router';
import { formatPKR } from '@shared/number-format';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useTopVendors } from '@client/features/platform/api/get-top-vendors';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { cityName } from '@client/components/place-options';

/** The public vendors with the most customers, with the subscription revenue they brought. */
export function TopVendors() {
  const { t } = useTranslation('admin');
  const top = useTopVendors();
  const vendors = top.data?.vendors ?? [];
  return (
    <Card title={t('admin:top.title')} description={t('admin:top.description')}>
      {top.isPending ? (
        <Spinner label={t('admin:top.loading')} className="text-brand-700" />
      ) : top.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin:top.error')}
        </p>
      ) : vendors.length === 0 ? (
        <p className="text-sm text-stone-600">{t('admin:top.empty')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-stone-100">
          {vendors.map((vendor, index) => (
            <li key={vendor.id} className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
              <div className="flex min-w-0 items-center gap-3">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-stone-100 text-xs font-bold text-stone-700">
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <Link
                    to={`/vendors/${vendor.slug}`}
                    className="block truncate text-sm font-semibold text-stone-900 hover:underline"
                  >
                    {vendor.name}
                  </Link>
                  <p className="text-xs text-stone-500">{cityName(vendor.city, t)}</p>
                </div>
              </div>
              <div className="shrink-0 text-end text-xs text-stone-600">
                <p>
                  <span className="font-semibold text-stone-900">{formatNumber(vendor.users)}</span>{' '}
                  {t('admin:top.users', { count: vendor.users })}
                </p>
                <p>{formatPKR(vendor.revenue)}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
