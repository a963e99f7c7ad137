import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiveEvent } from '@shared/live';
import { RequireAuth } from '@client/lib/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useLiveEvents } from '@client/features/live/api/live-events';
import { useMyCode } from '@client/features/stamps/api/get-my-code';
import { RotatingCodePanel } from '@client/components/codes/rotating-code-panel';
import '@client/lib/customer-texts';

type StampEvent = Extract<LiveEvent, { type: 'stamp.collected' }>;

function MyQrContent({ name }: { name: string }) {
  const { t } = useTranslation('customer');
  const code = useMyCode();
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
            title={t(lastStamp.rewardId ? 'customer:scanner.rewardEarned' : 'customer:scanner.stampCollected')}
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
      <Card>
        <RotatingCodePanel
          code={code.data}
          qrLabel={t('customer:myQr.qrLabel')}
          error={code.error}
          onRetry={() => void code.refetch()}
          className="py-2"
        />
      </Card>
      <p className="mt-4 text-sm text-stone-600">{t('customer:myQr.note')}</p>
    </PageContainer>
  );
}

export function MyQrPage() {
  const { t } = useTranslation('customer');
  useDocumentTitle(t('customer:myQr.title'));
  return <RequireAuth>{(user) => <MyQrContent name={user.name} />}</RequireAuth>;
}
