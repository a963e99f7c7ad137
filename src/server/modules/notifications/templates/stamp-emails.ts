import { formatPKR } from '../../../../shared/money';
import { renderLayout, type RenderedEmail } from './layout';
import { countOf } from '../../../../shared/wording';

export interface StampCollectedEmailInput {
  name: string;
  vendorName: string;
  cardName: string;
  stampsCollected: number;
  stampsRequired: number;
  rewardTitle: string;
  dashboardUrl: string;
  unsubscribeUrl?: string;
}

/** SPEC.md section 7: the stamp mail names the vendor, the new stamp count and the stamps required. */
export function stampCollectedEmail(input: StampCollectedEmailInput): RenderedEmail {
  const remaining = Math.max(0, input.stampsRequired - input.stampsCollected);
  return renderLayout({
    subject: `Stamp collected at ${input.vendorName} (${input.stampsCollected}/${input.stampsRequired})`,
    heading: 'You collected a stamp!',
    paragraphs: [
      `Hi ${input.name}, ${input.vendorName} just stamped your ${input.cardName} card.`,
      `You now have ${input.stampsCollected} of ${input.stampsRequired} stamps. ${countOf(remaining, 'more stamp', 'more stamps')} to go for ${input.rewardTitle}.`,
    ],
    action: { label: 'See my cards', url: input.dashboardUrl },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

export interface RewardEarnedEmailInput {
  name: string;
  vendorName: string;
  cardName: string;
  rewardTitle: string;
  rewardValue: number;
  rewardUrl: string;
  unsubscribeUrl?: string;
}

export function rewardEarnedEmail(input: RewardEarnedEmailInput): RenderedEmail {
  return renderLayout({
    subject: `You earned a reward at ${input.vendorName}!`,
    heading: 'Congratulations! You earned a reward!',
    paragraphs: [
      `Hi ${input.name}, you completed your ${input.cardName} card at ${input.vendorName}.`,
      `Your reward: ${input.rewardTitle}${input.rewardValue > 0 ? ` (worth ${formatPKR(input.rewardValue)})` : ''}.`,
      'At the counter, open Redeem Reward and show the live reward code to the staff.',
    ],
    action: { label: 'Redeem my reward', url: input.rewardUrl },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
