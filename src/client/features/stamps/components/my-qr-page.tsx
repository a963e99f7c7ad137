import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import type { LiveEvent } from '@shared/notifications/live';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useLiveEvents } from '@client/features/notifications/api/live-events';
import { useMyCode } from '@client/features/stamps/api/get-my-code';
import { RotatingCodePanel } from '@client/components/codes/rotating-code-panel';
import { useOnlineStatus } from '@client/lib/use-online-status';
import { useOfflineSupport } from '@client/lib/offline/use-offline-support';
import { useEnsureDeviceEnrolled } from '@client/features/stamps/api/devices';
import { useOfflineCode } from '@client/features/stamps/api/use-offline-code';
import { DevicesPanel } from '@client/features/stamps/components/devices-panel';
import '@client/lib/customer-texts';

type StampEvent = Extract<LiveEvent, { type: 'stamp.collected' }>;

function MyQrContent({ name, userId }: { name: string; userId: string }) {
  const { t } = useTranslation('customer');
  const code = useMyCode();
  const online = useOnlineStatus();
  useEnsureDeviceEnrolled(userId);
  // Without signal (or when the server cannot be reached) the code comes from this device.
  const offline = !online || (code.isError && !code.data);
  const offlineCode = useOfflineCode(userId, offline);
  const [lastStamp, setLastStamp] = useState<StampEvent | null>(null);
  useLiveEvents((event) => {
    if (event.type === 'stamp.collected') setLastStamp(event);
  });

  return (
    <PageContainer width="narrow">
      <Button asChild variant="ghost" size="sm" className="-ms-3 mb-4">
        <Link to="/user">
          <ArrowLeft aria-hidden="true" />
          {t('customer:myQr.back')}
        </Link>
      </Button>
      <PageHeader title={t('customer:myQr.title')} description={t('customer:myQr.description', { name })} />
      <div aria-live="polite" className="mb-4 empty:hidden">
        {lastStamp ? (
          <Banner
            tone="success"
            title={
              lastStamp.rewardId
                ? t('customer:scanner.rewardEarned')
                : lastStamp.quantity > 1
                  ? t('customer:scanner.severalCollected', { quantity: lastStamp.quantity })
                  : t('customer:scanner.stampCollected')
            }
            action={
              lastStamp.rewardId ? (
                <Button asChild size="sm">
                  <Link to={`/user/rewards/${lastStamp.rewardId}`}>{t('customer:myQr.redeem')}</Link>
                </Button>
              ) : undefined
            }
          >
            {t('customer:myQr.stampText', {
              card: lastStamp.cardName,
              vendor: lastStamp.vendorName,
              collected: lastStamp.stampsCollected,
              required: lastStamp.stampsRequired,
              count: lastStamp.stampsRequired,
            })}
          </Banner>
        ) : null}
      </div>
      {offline && offlineCode ? (
        <Card>
          <RotatingCodePanel
            code={offlineCode}
            qrLabel={t('customer:myQr.qrLabel')}
            error={null}
            onRetry={() => undefined}
            className="py-2"
          />
        </Card>
      ) : offline ? (
        <Banner tone="warning">{t('customer:myQr.noOfflineCode')}</Banner>
      ) : (
        <Card>
          <RotatingCodePanel
            code={code.data}
            qrLabel={t('customer:myQr.qrLabel')}
            error={code.error}
            onRetry={() => void code.refetch()}
            className="py-2"
          />
        </Card>
      )}
      <p className="mt-4 text-sm text-stone-600">
        {offline && offlineCode ? t('customer:myQr.offlineNote') : t('customer:myQr.note')}
      </p>
      <DevicesPanel userId={userId} />
    </PageContainer>
  );
}

export function MyQrPage() {
  const { t } = useTranslation('customer');
  useDocumentTitle(t('customer:myQr.title'));
  // Without signal the kept copy of the customer's data answers, so start keeping it here.
  useOfflineSupport();
  return <RequireAuth>{(user) => <MyQrContent name={user.name} userId={user.id} />}</RequireAuth>;
}
