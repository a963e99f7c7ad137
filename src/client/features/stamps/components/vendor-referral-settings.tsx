import { useTranslation } from '@client/lib/translation';
import { Card } from '@client/components/ui/card';
import { Switch } from '@client/components/ui/switch';
import { useSetVendorReferrals, useVendorReferrals } from '@client/features/stamps/api/vendor-referrals';

/**
 * The vendor profile's Referrals panel: the switch (owner only; the server refuses staff) and
 * what referrals brought. Off, customers' invitations stop giving bonus stamps, pending ones too.
 */
export function VendorReferralSettings() {
  const { t } = useTranslation('vendor');
  const summary = useVendorReferrals();
  const update = useSetVendorReferrals();
  return (
    <Card title={t('vendor:referrals.title')} description={t('vendor:referrals.description')}>
      {summary.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          {t('vendor:referrals.loading')}
        </p>
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {summary.error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <Switch
            label={t('vendor:referrals.switch')}
            description={t('vendor:referrals.switchText')}
            checked={summary.data.enabled}
            disabled={update.isPending}
            onCheckedChange={(enabled) => update.mutate(enabled)}
          />
          {update.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {update.error.message}
            </p>
          ) : null}
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="text-stone-600">{t('vendor:referrals.pending')}</dt>
              <dd className="text-lg font-semibold text-stone-900 tabular-nums">{summary.data.pending}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t('vendor:referrals.rewarded')}</dt>
              <dd className="text-lg font-semibold text-stone-900 tabular-nums">{summary.data.rewarded}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t('vendor:referrals.bonus')}</dt>
              <dd className="text-lg font-semibold text-stone-900 tabular-nums">{summary.data.bonusStamps}</dd>
            </div>
          </dl>
        </div>
      )}
    </Card>
  );
}
