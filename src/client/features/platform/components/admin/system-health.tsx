import { RefreshCw } from 'lucide-react';
import { formatDuration, type HealthService, type ServiceState } from '@shared/platform/admin-dashboard';
import { formatTimeOfDay } from '@shared/pakistan-time';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useSystemHealth } from '@client/features/platform/api/get-system-health';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

const STATE_TONE: Record<ServiceState, BadgeTone> = { operational: 'green', degraded: 'yellow', down: 'red' };
const STATE_LABEL = {
  operational: 'admin:health.operational',
  degraded: 'admin:health.degraded',
  down: 'admin:health.down',
} as const satisfies Record<ServiceState, string>;
const SERVICE_LABEL = {
  database: 'admin:health.service.database',
  email: 'admin:health.service.email',
  payments: 'admin:health.service.payments',
  liveEvents: 'admin:health.service.liveEvents',
} as const satisfies Record<HealthService, string>;

function sinceOf(checkedAt: string, since: string): string {
  return formatDuration(new Date(checkedAt).getTime() - new Date(since).getTime());
}

/** Real checks of the database, e-mail transport, payment provider and live events. */
export function SystemHealth() {
  const { t } = useTranslation('admin');
  const health = useSystemHealth();
  const data = health.data;
  return (
    <Card
      title={t('admin:health.title')}
      description={
        data ? t('admin:health.checkedAt', { time: formatTimeOfDay(data.checkedAt) }) : t('admin:health.description')
      }
      actions={
        <Button variant="ghost" size="sm" busy={health.isFetching} onClick={() => void health.refetch()}>
          <RefreshCw aria-hidden="true" />
          {t('admin:health.checkNow')}
        </Button>
      }
    >
      {health.isPending ? (
        <Spinner label={t('admin:health.checking')} className="text-brand-700" />
      ) : health.isError || !data ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin:health.error')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.services.map((service) => (
            <li key={service.service} className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-stone-900">{t(SERVICE_LABEL[service.service])}</p>
                <p className="text-xs break-words text-stone-600">
                  {service.detail}
                  {service.latencyMs !== null ? ` · ${service.latencyMs} ms` : ''}
                </p>
                <p className="text-xs text-stone-500">
                  {service.status === 'operational'
                    ? t('admin:health.upFor', { duration: sinceOf(data.checkedAt, service.since) })
                    : t('admin:health.stateFor', {
                        state: t(STATE_LABEL[service.status]),
                        duration: sinceOf(data.checkedAt, service.since),
                      })}
                </p>
              </div>
              <Badge tone={STATE_TONE[service.status]}>{t(STATE_LABEL[service.status])}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
