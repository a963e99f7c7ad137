import { BellOff, BellRing } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { usePushState, useSetPush } from '@client/features/notifications/api/push';
import '@client/lib/customer-texts';

/**
 * Push on this browser, on or off (decision 043): where someone who said "Not now" turns it on
 * later, or turns it off. The categories' push toggles below decide what is sent once it is on.
 */
export function PushDeviceCard({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('customer');
  const state = usePushState(publicKey);
  const setPush = useSetPush(publicKey);
  if (!state.data) return null;
  const { subscribed, permission } = state.data;
  const blocked = permission === 'denied' || setPush.data === 'blocked';
  return (
    <Card title={t('customer:push.deviceTitle')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-700" role="status">
          {blocked && !subscribed
            ? t('customer:push.blocked')
            : subscribed
              ? t('customer:push.deviceOn')
              : t('customer:push.deviceOff')}
        </p>
        {subscribed ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            busy={setPush.isPending}
            onClick={() => setPush.mutate(false)}
          >
            <BellOff aria-hidden="true" />
            {t('customer:push.turnOff')}
          </Button>
        ) : blocked ? null : (
          <Button type="button" size="sm" busy={setPush.isPending} onClick={() => setPush.mutate(true)}>
            <BellRing aria-hidden="true" />
            {t('customer:push.turnOn')}
          </Button>
        )}
      </div>
      {setPush.isError ? <p className="mt-2 text-sm font-medium text-red-700">{t('customer:push.failed')}</p> : null}
    </Card>
  );
}
