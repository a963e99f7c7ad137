import type { StampResult } from '@shared/stamps/stamps';
import { serverText } from '@server/lib/texts';
import type { StampOutcome } from './stamp-request';

function bonusMessageOf(bonus: StampOutcome['referralBonus']): string | null {
  if (bonus === 'none') return null;
  return serverText(bonus === 'given' ? 'customer:referral.bonusEarned' : 'customer:referral.bonusEarnedFriendWaits');
}

export function presentStampResult(outcome: StampOutcome): StampResult {
  const { userCard } = outcome;
  return {
    stamp: { id: outcome.stamp.id, issuedAt: outcome.stamp.issuedAt.toISOString() },
    reward: outcome.reward,
    userCard: {
      id: userCard.id,
      cardId: userCard.cardId,
      cardName: userCard.cardName,
      vendorName: userCard.vendorName,
      stampsCollected: userCard.stampsCollected,
      stampsRequired: userCard.stampsRequired,
      status: userCard.status,
    },
    message: serverText(outcome.reward ? 'customer:scanner.rewardEarned' : 'customer:scanner.stampCollected'),
    bonusMessage: bonusMessageOf(outcome.referralBonus),
  };
}
