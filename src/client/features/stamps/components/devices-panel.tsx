import { Smartphone } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { formatLongDate } from '@shared/pakistan-time';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useDevices, useEnrolThisDevice, useRemoveDevice } from '@client/features/stamps/api/devices';
import { storedDeviceOf } from '@client/features/stamps/device-store';
import '@client/lib/customer-texts';

/** The customer's devices that show offline codes, with Remove; on My QR. */
export function DevicesPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('customer');
  const devices = useDevices();
  const remove = useRemoveDevice(userId);
  const enrol = useEnrolThisDevice(userId);
  const thisDeviceId = storedDeviceOf(userId)?.deviceId;
  const list = devices.data?.devices ?? [];
  const thisOneListed = list.some((device) => device.id === thisDeviceId);

  return (
    <Card
      title={t('customer:devices.title')}
      description={t('customer:devices.text')}
      className="mt-6"
      actions={
        devices.data && !thisOneListed ? (
          <Button size="sm" variant="outline" busy={enrol.isPending} onClick={() => enrol.mutate()}>
            {t('customer:devices.turnOn')}
          </Button>
        ) : undefined
      }
    >
      {devices.isError && !devices.data ? (
        <p className="text-sm text-red-700">{t('customer:devices.loadFailed')}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-stone-600">{t('customer:devices.none')}</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {list.map((device) => (
            <li key={device.id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <Smartphone aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-stone-900">{device.name}</p>
                  {device.id === thisDeviceId ? (
                    <span className="mt-1 inline-block rounded-md bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-900">
                      {t('customer:devices.thisDevice')}
                    </span>
                  ) : null}
                  <p className="text-xs text-stone-600">
                    {t('customer:devices.added', { date: formatLongDate(device.createdAt) })}
                    {device.lastUsedAt
                      ? ` · ${t('customer:devices.lastUsed', { date: formatLongDate(device.lastUsedAt) })}`
                      : null}
                  </p>
                </div>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={t('customer:devices.removeLabel', { name: device.name })}
                onClick={() => remove.mutate(device.id)}
              >
                {t('customer:devices.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
