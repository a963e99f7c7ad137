import { formatPKR } from '@shared/number-format';
import { serverText as t } from '@server/lib/texts';
import type { z } from 'zod';
import {
  pushMessageFor,
  stampNoticeWords,
  type tierDowngradeNoticeSchema,
} from '@server/modules/notifications/push-messages';
import { renderLayout, type RenderedEmail } from './layout';

export interface StampCollectedEmailInput {
  name: string;
  vendorName: string;
  cardName: string;
  stampsCollected: number;
  stampsRequired: number;
  rewardTitle: string;
  /** A points card's award (decision 085): the counts are its balance and its reward's price. */
  points?: boolean;
  dashboardUrl: string;
  unsubscribeUrl?: string;
}

/**
 * SPEC.md section 7: the stamp mail names the vendor, the new stamp count and the stamps required;
 * on a points card, the balance and the reward's price in points, in the push's words.
 */
export function stampCollectedEmail(input: StampCollectedEmailInput): RenderedEmail {
  if (input.points) {
    const { title, body } = stampNoticeWords({
      vendorName: input.vendorName,
      cardName: input.cardName,
      stampsCollected: input.stampsCollected,
      stampsRequired: input.stampsRequired,
      rewardTitle: input.rewardTitle,
      points: true,
    });
    return renderLayout({
      subject: title,
      heading: t('emails:points.heading'),
      paragraphs: [
        t('emails:points.intro', { name: input.name, vendor: input.vendorName, card: input.cardName }),
        body,
      ],
      action: { label: t('emails:stamp.action'), url: input.dashboardUrl },
      unsubscribeUrl: input.unsubscribeUrl,
    });
  }
  const remaining = Math.max(0, input.stampsRequired - input.stampsCollected);
  const values = {
    name: input.name,
    vendor: input.vendorName,
    card: input.cardName,
    collected: input.stampsCollected,
    required: input.stampsRequired,
    reward: input.rewardTitle,
  };
  return renderLayout({
    subject: t('emails:stamp.subject', values),
    heading: t('emails:stamp.heading'),
    paragraphs: [t('emails:stamp.intro', values), t('emails:stamp.progress', { ...values, count: remaining })],
    action: { label: t('emails:stamp.action'), url: input.dashboardUrl },
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
  const values = {
    name: input.name,
    vendor: input.vendorName,
    card: input.cardName,
    reward: input.rewardTitle,
    value: formatPKR(input.rewardValue),
  };
  return renderLayout({
    subject: t('emails:reward.subject', values),
    heading: t('emails:reward.heading'),
    paragraphs: [
      t('emails:reward.intro', values),
      t(input.rewardValue > 0 ? 'emails:reward.titleWithValue' : 'emails:reward.title', values),
      t('emails:reward.howToRedeem'),
    ],
    action: { label: t('emails:reward.action'), url: input.rewardUrl },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

export interface RewardExpiryReminderEmailInput {
  name: string;
  vendorName: string;
  rewardTitle: string;
  /** The reward's last day, as the customer reads it ("18 March 2026"). */
  lastDay: string;
  daysBefore: number;
  rewardUrl: string;
  unsubscribeUrl?: string;
}

/** Issue 17: 7 days and 1 day before an unredeemed reward expires. */
export function rewardExpiryReminderEmail(input: RewardExpiryReminderEmailInput): RenderedEmail {
  const values = { name: input.name, vendor: input.vendorName, reward: input.rewardTitle, date: input.lastDay };
  const soon = input.daysBefore <= 1;
  return renderLayout({
    subject: t(soon ? 'emails:rewardExpiry.subjectToday' : 'emails:rewardExpiry.subject', values),
    heading: t('emails:rewardExpiry.heading'),
    paragraphs: [t('emails:rewardExpiry.intro', values), t('emails:reward.howToRedeem')],
    action: { label: t('emails:reward.action'), url: input.rewardUrl },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

export interface TierDowngradeEmailInput {
  name: string;
  notice: z.infer<typeof tierDowngradeNoticeSchema>;
  dashboardUrl: string;
  unsubscribeUrl?: string;
}

/**
 * A level that falls in a week unless the customer comes back (decision 087): the push's title as
 * the subject and its line (the level, the day it ends, the visits or points that keep it) as the
 * body, so every channel says the same.
 */
export function tierDowngradeEmail(input: TierDowngradeEmailInput): RenderedEmail {
  const { title, body } = pushMessageFor(input.notice);
  return renderLayout({
    subject: title,
    heading: t('emails:tierDowngrade.heading'),
    paragraphs: [t('emails:tierDowngrade.intro', { name: input.name, vendor: input.notice.vendorName }), body],
    action: { label: t('emails:stamp.action'), url: input.dashboardUrl },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
