import type { StampResult } from '@shared/stamps/stamps';
import { serverText } from '@server/lib/texts';
import type { StampAudience, StampOutcome } from './stamp-request';

function bonusMessageOf(bonus: StampOutcome['referralBonus']): string | null {
  if (bonus === 'none') return null;
  return serverText(bonus === 'given' ? 'customer:referral.bonusEarned' : 'customer:referral.bonusEarnedFriendWaits');
}

/**
 * The result's sentence for whoever reads it (as stamp-rules.ts words refusals): the customer's
 * own ("Stamp collected successfully!", SPEC.md), or the counter's, naming the customer.
 */
function resultMessage(outcome: StampOutcome, audience: StampAudience): string {
  const { quantity } = outcome;
  if (audience === 'customer') {
    if (outcome.reward) return serverText('customer:scanner.rewardEarned');
    if (outcome.points) return serverText('customer:points.collected', { points: outcome.points.points });
    // An order for several: "4 stamps collected!"; one stamp keeps SPEC.md's sentence.
    return quantity > 1
      ? serverText('customer:scanner.severalCollected', { quantity })
      : serverText('customer:scanner.stampCollected');
  }
  const values = { name: outcome.customer.name, card: outcome.userCard.cardName };
  if (outcome.reward)
    return serverText(
      // An earlier milestone's reward leaves the card going (decision 085).
      outcome.reward.completesRound ? 'vendor:scanCustomer.rewardEarned' : 'vendor:scanCustomer.milestoneEarned',
      { ...values, reward: outcome.reward.rewardTitle },
    );
  if (outcome.points)
    return serverText('vendor:scanCustomer.pointsGiven', { ...values, points: outcome.points.points });
  return quantity > 1
    ? serverText('vendor:scanCustomer.severalGiven', { ...values, quantity })
    : serverText('vendor:scanCustomer.stampGiven', values);
}

export function presentStampResult(outcome: StampOutcome, audience: StampAudience = 'customer'): StampResult {
  const { userCard } = outcome;
  return {
    stamp: { id: outcome.stamp.id, issuedAt: outcome.stamp.issuedAt.toISOString() },
    quantity: outcome.quantity,
    carriedStamps: outcome.carriedStamps,
    reward: outcome.reward,
    rewards: outcome.rewards,
    points: outcome.points,
    userCard: {
      id: userCard.id,
      cardId: userCard.cardId,
      cardName: userCard.cardName,
      vendorName: userCard.vendorName,
      stampsCollected: userCard.stampsCollected,
      stampsRequired: userCard.stampsRequired,
      status: userCard.status,
    },
    message: resultMessage(outcome, audience),
    bonusMessage: bonusMessageOf(outcome.referralBonus),
  };
}
