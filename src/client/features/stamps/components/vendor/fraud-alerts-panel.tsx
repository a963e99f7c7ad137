import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import type { FraudAlert } from '@shared/stamps/fraud-rules';
import { CUSTOMER_DAY_ALERT_ABOVE } from '@shared/stamps/fraud-rules';
import { formatDayAndMonth, formatDayAndTime, formatTimeOfDay } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useFraudAlerts, useResolveFraudAlert } from '@client/features/stamps/api/fraud';

const STATUS_TONES = { open: 'yellow', dismissed: 'grey', reversed: 'red' } as const;
const STATUS_KEYS = {
  open: 'vendor:fraud.status.open',
  dismissed: 'vendor:fraud.status.dismissed',
  reversed: 'vendor:fraud.status.reversed',
} as const;

/** What the alert is about, in one line: a customer's day at the shop, or a staff member's hour. */
function alertTitle(alert: FraudAlert, t: ReturnType<typeof useTranslation>['t']): string {
  const count = alert.stamps.length;
  return alert.kind === 'customer_day'
    ? t('vendor:fraud.customerDay', {
        name: alert.subjectName,
        count,
        date: formatDayAndMonth(new Date(alert.windowStart)),
      })
    : t('vendor:fraud.staffHour', {
        name: alert.subjectName,
        count,
        from: formatDayAndTime(alert.windowStart),
        to: formatTimeOfDay(alert.windowEnd),
      });
}

function AlertItem({ alert }: { alert: FraudAlert }) {
  const { t } = useTranslation('vendor');
  const resolve = useResolveFraudAlert();
  const [confirming, setConfirming] = useState(false);
  const open = alert.status === 'open';
  const titleId = `fraud-alert-${alert.id}`;
  return (
    <li className="flex flex-col gap-3 py-4" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-sm font-semibold text-balance text-stone-900">
          {alertTitle(alert, t)}
        </h3>
        <Badge tone={STATUS_TONES[alert.status]}>{t(STATUS_KEYS[alert.status])}</Badge>
      </div>
      <ol className="flex flex-col gap-1 text-sm text-stone-700" aria-label={t('vendor:fraud.stampsBehind')}>
        {alert.stamps.map((stamp) => (
          <li key={stamp.id} className={stamp.reversed ? 'text-stone-500 line-through' : undefined}>
            <time dateTime={stamp.issuedAt} className="tabular-nums">
              {formatTimeOfDay(stamp.issuedAt)}
            </time>{' '}
            · {stamp.cardName} ·{' '}
            {alert.kind === 'customer_day'
              ? (stamp.staffName ?? t('vendor:fraud.scannedByCustomer'))
              : stamp.customerName}
            {stamp.reversed ? <span className="sr-only"> ({t('vendor:fraud.reversedStamp')})</span> : null}
          </li>
        ))}
      </ol>
      {alert.outcome ? (
        <p className="text-sm text-stone-700" role="status">
          {[
            t('vendor:fraud.outcome.reversed', { count: alert.outcome.reversedStamps }),
            alert.outcome.rewardsWithdrawn > 0
              ? t('vendor:fraud.outcome.withdrawn', { count: alert.outcome.rewardsWithdrawn })
              : null,
            alert.outcome.redeemedKept > 0
              ? t('vendor:fraud.outcome.redeemedKept', { count: alert.outcome.redeemedKept })
              : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      ) : null}
      {open && confirming ? (
        <div className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p>{t('vendor:fraud.confirmReverse', { count: alert.stamps.filter((stamp) => !stamp.reversed).length })}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="danger"
              busy={resolve.isPending}
              onClick={() => resolve.mutate({ alertId: alert.id, action: 'reverse' })}
            >
              {t('vendor:fraud.confirmReverseButton')}
            </Button>
            <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => setConfirming(false)}>
              {t('vendor:fraud.cancel')}
            </Button>
          </div>
        </div>
      ) : open ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            busy={resolve.isPending}
            onClick={() => resolve.mutate({ alertId: alert.id, action: 'dismiss' })}
          >
            {t('vendor:fraud.dismiss')}
          </Button>
          <Button size="sm" variant="danger" disabled={resolve.isPending} onClick={() => setConfirming(true)}>
            {t('vendor:fraud.reverse')}
          </Button>
        </div>
      ) : null}
      {resolve.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {resolve.error.message}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The owner's stamp alerts on the dashboard (decision 086): each with the stamps behind it, "This
 * is fine" and "Reverse these stamps" (after a confirmation). The server keeps them to the owner.
 */
export function FraudAlertsPanel() {
  const { t } = useTranslation('vendor');
  const alerts = useFraudAlerts();
  return (
    <Card
      aria-label={t('vendor:fraud.title')}
      title={
        <span className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-5 text-brand-700" />
          {t('vendor:fraud.title')}
        </span>
      }
      description={t('vendor:fraud.description', { count: CUSTOMER_DAY_ALERT_ABOVE })}
    >
      {alerts.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          {t('vendor:fraud.loading')}
        </p>
      ) : alerts.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {alerts.error.message}
        </p>
      ) : alerts.data.alerts.length === 0 ? (
        <p className="text-sm text-stone-600">{t('vendor:fraud.empty')}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {alerts.data.alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </Card>
  );
}
