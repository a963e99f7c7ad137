import { RefreshCw } from 'lucide-react';
import { formatDuration, type ServiceState } from '@shared/admin-dashboard';
import { formatTimeOfDay } from '@shared/pakistan-time';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useSystemHealth } from '@client/features/admin/api/get-system-health';

const STATE_TONE: Record<ServiceState, BadgeTone> = { operational: 'green', degraded: 'yellow', down: 'red' };
const STATE_LABEL: Record<ServiceState, string> = { operational: 'Operational', degraded: 'Degraded', down: 'Down' };

/** Real checks of the database, e-mail transport, payment provider and live events. */
export function SystemHealth() {
  const health = useSystemHealth();
  const data = health.data;
  return (
    <Card
      title="System Health"
      description={
        data ? `Checked ${formatTimeOfDay(data.checkedAt)}` : 'Live checks of the services the platform needs.'
      }
      actions={
        <Button variant="ghost" size="sm" busy={health.isFetching} onClick={() => void health.refetch()}>
          <RefreshCw aria-hidden="true" />
          Check now
        </Button>
      }
    >
      {health.isPending ? (
        <Spinner label="Checking services" className="text-brand-700" />
      ) : health.isError || !data ? (
        <p role="alert" className="text-sm text-red-700">
          The health checks could not run. The server may be unreachable.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.services.map((service) => (
            <li key={service.service} className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-stone-900">{service.service}</p>
                <p className="text-xs break-words text-stone-600">
                  {service.detail}
                  {service.latencyMs !== null ? ` · ${service.latencyMs} ms` : ''}
                </p>
                <p className="text-xs text-stone-500">
                  {service.status === 'operational' ? 'Up' : STATE_LABEL[service.status]} for{' '}
                  {formatDuration(new Date(data.checkedAt).getTime() - new Date(service.since).getTime())}
                </p>
              </div>
              <Badge tone={STATE_TONE[service.status]}>{STATE_LABEL[service.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
