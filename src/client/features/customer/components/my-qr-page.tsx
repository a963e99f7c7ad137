import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LiveEvent } from '@shared/live';
import { REWARD_EARNED_MESSAGE, STAMP_COLLECTED_MESSAGE } from '@shared/stamps';
import { RequireAuth } from '@client/lib/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useLiveEvents } from '../api/live-events';
import { useMyCode } from '../api/get-my-code';
import { RotatingCodePanel } from '@client/components/codes/rotating-code-panel';

type StampEvent = Extract<LiveEvent, { type: 'stamp.collected' }>;

function MyQrContent({ name }: { name: string }) {
  const code = useMyCode();
  const [lastStamp, setLastStamp] = useState<StampEvent | null>(null);
  useLiveEvents((event) => {
    if (event.type === 'stamp.collected') setLastStamp(event);
  });

  return (
    <PageContainer width="narrow">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
        <Link to="/user">
          <ArrowLeft aria-hidden="true" />
          Back to my dashboard
        </Link>
      </Button>
      <PageHeader title="My QR" description={`Show this code at the counter, ${name}. The staff scan it, choose your card and stamp it.`} />
      <div aria-live="polite" className="mb-4 empty:hidden">
        {lastStamp ? (
          <Banner
            tone="success"
            title={lastStamp.rewardId ? REWARD_EARNED_MESSAGE : STAMP_COLLECTED_MESSAGE}
            action={
              lastStamp.rewardId ? (
                <Button asChild size="sm">
                  <Link to={`/user/rewards/${lastStamp.rewardId}`}>Redeem Reward</Link>
                </Button>
              ) : undefined
            }
          >
            {lastStamp.cardName} at {lastStamp.vendorName}: {lastStamp.stampsCollected} of {lastStamp.stampsRequired} stamps.
          </Banner>
        ) : null}
      </div>
      <Card>
        <RotatingCodePanel
          code={code.data}
          qrLabel="Your customer QR code"
          error={code.error}
          onRetry={() => void code.refetch()}
          className="py-2"
        />
      </Card>
      <p className="mt-4 text-sm text-stone-600">
        The code changes every 30 seconds and works once per card, so a photo of it is no use to anyone else. Your stamps
        appear here and on your dashboard the moment the staff issue them.
      </p>
    </PageContainer>
  );
}

export function MyQrPage() {
  useDocumentTitle('My QR');
  return <RequireAuth>{(user) => <MyQrContent name={user.name} />}</RequireAuth>;
}
