import { useState } from 'react';
import { formatPKR } from '@shared/money';
import { formatLongDate } from '@shared/pakistan-time';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { useLookupRewardCode, useRedeemRewardCode } from '@client/features/rewards/api/confirm-reward';
import { CodeEntry } from '@client/components/codes/code-entry';

/** Read the customer's live reward code, check what it is for, and confirm it. */
export function ConfirmRewardPanel() {
  const lookup = useLookupRewardCode();
  const redeem = useRedeemRewardCode();
  const [code, setCode] = useState<string | null>(null);

  const read = (value: string) => {
    redeem.reset();
    setCode(value);
    lookup.mutate(value);
  };
  const reward = lookup.data?.reward;

  return (
    <div className="flex flex-col gap-4">
      <CodeEntry label="Reward code" submitLabel="Check reward" busy={lookup.isPending} onCode={read} />
      {lookup.error ? <Banner tone="error">{lookup.error.message}</Banner> : null}
      {redeem.data ? (
        <Banner
          tone="success"
          title={redeem.data.message}
        >{`${redeem.data.reward.rewardTitle} for ${redeem.data.customer.name}.`}</Banner>
      ) : null}
      {redeem.error ? <Banner tone="error">{redeem.error.message}</Banner> : null}
      {reward && lookup.data && code && !redeem.data ? (
        <section aria-labelledby="reward-title" className="rounded-xl border border-stone-200 p-4 text-sm">
          <h3 id="reward-title" className="text-base font-semibold text-stone-900">
            {reward.rewardTitle} · {formatPKR(reward.rewardValue)}
          </h3>
          <p className="text-stone-600">
            {lookup.data.customer.name} · {reward.cardName} · earned {formatLongDate(reward.earnedAt)}
          </p>
          {reward.rewardDescription ? <p className="mt-1">{reward.rewardDescription}</p> : null}
          {reward.status === 'redeemed' ? (
            <Banner tone="warning" className="mt-3">
              This reward has already been redeemed.
            </Banner>
          ) : (
            <Button className="mt-3" busy={redeem.isPending} onClick={() => redeem.mutate(code)}>
              Confirm Reward
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
}
