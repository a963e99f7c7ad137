import { ArrowLeft, CircleCheck, Gift, Hourglass } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { Link, useParams } from 'react-router';
import type { CustomerReward } from '@shared/rewards/rewards';
import { formatPKR } from '@shared/number-format';
import { formatRewardLastDay } from '@shared/rewards/reward-expiry';
import { formatLongDate, formatTimeOfDay } from '@shared/pakistan-time';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useCustomerReward } from '@client/features/rewards/api/get-reward';
import { useRewardCode } from '@client/features/rewards/api/get-reward-code';
import { useLiveEvents } from '@client/features/notifications/api/live-events';
import { LiveRewardFrame } from './live-reward-frame';
import { RotatingCodePanel } from '@client/components/codes/rotating-code-panel';
import '@client/lib/customer-texts';
import { VendorLogo } from '@client/components/vendor-logo';

function BackLink() {
  const { t } = useTranslation('customer');
  return (
    <Button asChild variant="ghost" size="sm" className="-ms-3 mb-4">
      <Link to="/user">
        <ArrowLeft aria-hidden="true" />
        {t('customer:reward.back')}
      </Link>
    </Button>
  );
}

function RewardSummary({ reward }: { reward: CustomerReward }) {
  const { t } = useTranslation('customer');
  return (
    <div className="flex items-start gap-3">
      <VendorLogo logo={reward.vendor.logo} size="reward" />
      <div className="min-w-0">
        <p className="text-lg font-semibold text-stone-900">{reward.rewardTitle}</p>
        <p className="text-sm text-stone-600">
          {t('customer:reward.cardAtVendor', { card: reward.card.name, vendor: reward.vendor.name })}
          {reward.rewardValue > 0 ? t('customer:reward.worth', { value: formatPKR(reward.rewardValue) }) : ''}
        </p>
        {reward.rewardDescription ? <p className="mt-1 text-sm text-stone-700">{reward.rewardDescription}</p> : null}
        {reward.status === 'earned' && reward.expiresAt ? (
          <p className="mt-1 text-sm font-medium text-amber-800">
            {t('customer:reward.expiresOn', { date: formatRewardLastDay(reward.expiresAt) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function LiveRewardCode({ reward }: { reward: CustomerReward }) {
  const { t } = useTranslation('customer');
  const code = useRewardCode(reward.id, true);
  return (
    <Card title={t('customer:reward.codeTitle')} description={t('customer:reward.codeDescription')}>
      <RotatingCodePanel
        code={code.data}
        qrLabel={t('customer:reward.qrLabel', { reward: reward.rewardTitle })}
        error={code.error}
        onRetry={() => void code.refetch()}
        frame={(qr) => <LiveRewardFrame vendorName={reward.vendor.name}>{qr}</LiveRewardFrame>}
      />
    </Card>
  );
}

function RewardContent({ rewardId }: { rewardId: string }) {
  const { t } = useTranslation('customer');
  const reward = useCustomerReward(rewardId);
  // The reward query is refreshed by every live event, so "redeemed" appears the moment staff confirm.
  useLiveEvents();

  if (reward.isPending) {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner size="lg" label={t('customer:reward.loading')} />
      </div>
    );
  }
  if (reward.isError) {
    if (reward.error instanceof ApiError && reward.error.status === 404) {
      return (
        <EmptyState
          icon={<Gift />}
          title={t('customer:reward.notFoundTitle')}
          text={t('customer:reward.notFoundText')}
          action={
            <Button asChild>
              <Link to="/user">{t('customer:reward.goToDashboard')}</Link>
            </Button>
          }
        />
      );
    }
    return (
      <Banner
        tone="error"
        title={t('customer:reward.loadFailed')}
        action={
          <Button size="sm" variant="outline" onClick={() => void reward.refetch()}>
            {t('customer:reward.tryAgain')}
          </Button>
        }
      >
        {reward.error.message}
      </Banner>
    );
  }

  const data = reward.data;
  return (
    <div className="flex flex-col gap-5">
      <Card>
        <RewardSummary reward={data} />
      </Card>
      {data.status === 'redeemed' ? (
        <div
          role="status"
          className="flex flex-col items-center gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-10 text-center"
        >
          <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
          <p className="text-xl font-bold text-green-900">{t('customer:reward.redeemed')}</p>
          <p className="text-sm text-green-900">
            {t('customer:reward.confirmedText', {
              date: formatLongDate(data.redeemedAt),
              time: formatTimeOfDay(data.redeemedAt!),
            })}
          </p>
          <Button asChild className="mt-2">
            <Link to="/user">{t('customer:reward.backToCards')}</Link>
          </Button>
        </div>
      ) : data.status === 'expired' ? (
        <div
          role="status"
          className="flex flex-col items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 px-4 py-10 text-center"
        >
          <Hourglass aria-hidden="true" className="size-12 text-stone-500" />
          <p className="text-xl font-bold text-stone-900">{t('customer:reward.expiredTitle')}</p>
          {data.expiresAt ? (
            <p className="text-sm text-stone-700">
              {t('customer:reward.expiredOn', { date: formatRewardLastDay(data.expiresAt) })}
            </p>
          ) : null}
          <Button asChild className="mt-2">
            <Link to="/user">{t('customer:reward.backToCards')}</Link>
          </Button>
        </div>
      ) : (
        <LiveRewardCode reward={data} />
      )}
    </div>
  );
}

export function RewardPage() {
  const { t } = useTranslation('customer');
  useDocumentTitle(t('customer:reward.title'));
  const { rewardId = '' } = useParams();
  return (
    <RequireAuth>
      <PageContainer width="narrow">
        <BackLink />
        <PageHeader title={t('customer:reward.title')} />
        <RewardContent rewardId={rewardId} />
      </PageContainer>
    </RequireAuth>
  );
}
