import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { formatPKR } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { useLookupRewardCode, useRedeemRewardCode } from '@client/features/rewards/api/confirm-reward';
import { CodeEntry } from '@client/components/codes/code-entry';

/** Read the customer's live reward code, check what it is for, and confirm it. */
export function ConfirmRewardPanel({ branchId }: { branchId: string | null }) {
  const { t } = useTranslation('vendor');
  const lookup = useLookupRewardCode();
  const redeem = useRedeemRewardCode();
  const [code, setCode] = useState<string | null>(null);

  const read = (value: string) => {
    redeem.reset();
    setCode(value);
    lookup.mutate({ code: value, branchId });
  };
  const reward = lookup.data?.reward;

  return (
    <div className="flex flex-col gap-4">
      <CodeEntry
        label={t('vendor:reward.label')}
        submitLabel={t('vendor:reward.check')}
        busy={lookup.isPending}
        onCode={read}
      />
      {lookup.error ? <Banner tone="error">{lookup.error.message}</Banner> : null}
      {redeem.data ? (
        <Banner tone="success" title={redeem.data.message}>
          {t('vendor:reward.done', { reward: redeem.data.reward.rewardTitle, customer: redeem.data.customer.name })}
        </Banner>
      ) : null}
      {redeem.error ? <Banner tone="error">{redeem.error.message}</Banner> : null}
      {reward && lookup.data && code && !redeem.data ? (
        <section aria-labelledby="reward-title" className="rounded-xl border border-stone-200 p-4 text-sm">
          <h3 id="reward-title" className="text-base font-semibold text-stone-900">
            {reward.rewardTitle} · {formatPKR(reward.rewardValue)}
          </h3>
          <p className="text-stone-600">
            {t('vendor:reward.details', {
              customer: lookup.data.customer.name,
              card: reward.cardName,
              date: formatLongDate(reward.earnedAt),
            })}
          </p>
          {reward.rewardDescription ? <p className="mt-1">{reward.rewardDescription}</p> : null}
          {reward.status === 'redeemed' ? (
            <Banner tone="warning" className="mt-3">
              {t('vendor:reward.alreadyRedeemed')}
            </Banner>
          ) : (
            <Button className="mt-3" busy={redeem.isPending} onClick={() => redeem.mutate({ code, branchId })}>
              {t('vendor:reward.confirm')}
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
}
