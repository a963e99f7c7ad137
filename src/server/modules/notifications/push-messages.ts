import { z } from 'zod';
import { formatPKR } from '@shared/number-format';
import { formatRewardLastDay } from '@shared/rewards/reward-expiry';
import type { EmailType } from '@shared/notifications/email';
import { formatLongDateTime } from '@shared/pakistan-time';
import { serverText as t } from '@server/lib/texts';
import type { PushMessage } from './send-push';
import { vendorMessageSubject } from './templates/vendor-message-email';

/**
 * What a push says (decision 043), kept in the job's payload as facts and put into words when it
 * is sent, in the recipient's language: titles are the matching e-mails' subjects, bodies are
 * the catalogue's `customer:push.*` lines. The tag makes a newer push about the same card or
 * reward replace the older one on the lock screen. The push jobs' payloads carry it (push-job.ts).
 */
export const stampNoticeSchema = z.object({
  type: z.literal('stamp'),
  userCardId: z.string(),
  vendorName: z.string(),
  cardName: z.string(),
  stampsCollected: z.number(),
  stampsRequired: z.number(),
  rewardTitle: z.string(),
  /** A points card's award (decision 085): the counts are points, and its words say so. */
  points: z.boolean().optional(),
});

const rewardNoticeSchema = z.object({
  type: z.literal('reward'),
  rewardId: z.string(),
  vendorName: z.string(),
  cardName: z.string(),
  rewardTitle: z.string(),
  rewardValue: z.number(),
});

const rewardExpiryNoticeSchema = z.object({
  type: z.literal('reward_expiry'),
  rewardId: z.string(),
  vendorName: z.string(),
  rewardTitle: z.string(),
  /** ISO instant the reward expires. */
  expiresAt: z.string(),
  daysBefore: z.number(),
});

/** A tier level that falls in a week unless the customer comes back (decision 087). */
export const tierDowngradeNoticeSchema = z.object({
  type: z.literal('tier_downgrade'),
  userCardId: z.string(),
  vendorName: z.string(),
  cardName: z.string(),
  levelName: z.string(),
  basis: z.enum(['visits', 'points']),
  /** Visits or points to collect by then to keep the level. */
  needs: z.number(),
  /** ISO instant the level falls. */
  endsAt: z.string(),
});

const vendorMessageNoticeSchema = z.object({
  type: z.literal('vendor_message'),
  vendorName: z.string(),
  vendorSlug: z.string(),
  subject: z.string(),
  message: z.string(),
});

const dailyChaskaNoticeSchema = z.object({
  type: z.literal('daily_chaska'),
  dealTitle: z.string(),
  vendorName: z.string(),
  city: z.string(),
  dealPrice: z.number(),
  originalPrice: z.number(),
});

/** An Hourly Chaska deal that started (decision 033): by phone only, and only while it lasts. */
const hourlyChaskaNoticeSchema = z.object({
  type: z.literal('hourly_chaska'),
  cardId: z.string(),
  dealTitle: z.string(),
  vendorName: z.string(),
  city: z.string(),
  dealPrice: z.number().nullable(),
  originalPrice: z.number().nullable(),
  /** ISO instant the deal ends; a message held for the morning is dropped after it. */
  endsAt: z.string().nullable(),
});

/** The notices a customer may also choose to get by WhatsApp or SMS (decision 081). */
export const phoneNoticeSchema = z.discriminatedUnion('type', [
  stampNoticeSchema,
  rewardNoticeSchema,
  rewardExpiryNoticeSchema,
  tierDowngradeNoticeSchema,
  vendorMessageNoticeSchema,
  dailyChaskaNoticeSchema,
  hourlyChaskaNoticeSchema,
]);

export const pushNoticeSchema = z.discriminatedUnion('type', [
  stampNoticeSchema,
  rewardNoticeSchema,
  rewardExpiryNoticeSchema,
  tierDowngradeNoticeSchema,
  z.object({
    /** A friend's first visit earned a referral bonus that waits for the referrer's complete card to start over. */
    type: z.literal('referral_bonus_waiting'),
    vendorName: z.string(),
    cardName: z.string(),
    rewardTitle: z.string(),
  }),
  vendorMessageNoticeSchema,
  dailyChaskaNoticeSchema,
]);

export type PushNotice = z.infer<typeof pushNoticeSchema>;
type PhoneNotice = z.infer<typeof phoneNoticeSchema>;
/** Every notice, by push or by phone. */
export type Notice = PushNotice | PhoneNotice;

/** The preference category each notice belongs to (its e-mail type, canSendOn). */
export const CATEGORY_OF_NOTICE: Record<Notice['type'], EmailType> = {
  stamp: 'stamp',
  reward: 'reward',
  reward_expiry: 'reward',
  tier_downgrade: 'stamp',
  referral_bonus_waiting: 'stamp',
  vendor_message: 'vendor_message',
  daily_chaska: 'daily_chaska',
  hourly_chaska: 'hourly_chaska',
};

/** A lock screen shows about two lines; a vendor's long message is cut with an ellipsis. */
const BODY_MAX = 180;
const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1).trimEnd()}…` : text);

/**
 * A stamp's title and line: a stamp card's round ("3 of 10 stamps. 7 more to go"), or a points
 * card's balance and its reward's price in points (decision 085). The one home of that choice: the
 * push, the SMS and the stamp's e-mail read it.
 */
export function stampNoticeWords(notice: Omit<z.infer<typeof stampNoticeSchema>, 'type' | 'userCardId'>): {
  title: string;
  body: string;
} {
  const values = {
    vendor: notice.vendorName,
    card: notice.cardName,
    collected: notice.stampsCollected,
    required: notice.stampsRequired,
    reward: notice.rewardTitle,
    count: Math.max(0, notice.stampsRequired - notice.stampsCollected),
  };
  return {
    title: t(notice.points ? 'customer:push.pointsTitle' : 'emails:stamp.subject', values),
    body: t(notice.points ? 'customer:push.pointsBody' : 'customer:push.stampBody', values),
  };
}

/** Words for a notice, in the language serverText answers in (inTextLanguage). Links are paths of this site. */
export function pushMessageFor(notice: Notice): PushMessage {
  switch (notice.type) {
    case 'stamp':
      return { ...stampNoticeWords(notice), url: '/user', tag: `card-${notice.userCardId}` };
    case 'reward': {
      const values = { vendor: notice.vendorName, card: notice.cardName, reward: notice.rewardTitle };
      return {
        title: t('emails:reward.subject', values),
        body: t(notice.rewardValue > 0 ? 'emails:reward.titleWithValue' : 'emails:reward.title', {
          ...values,
          value: formatPKR(notice.rewardValue),
        }),
        url: `/user/rewards/${notice.rewardId}`,
        tag: `reward-${notice.rewardId}`,
      };
    }
    case 'reward_expiry': {
      const values = {
        vendor: notice.vendorName,
        reward: notice.rewardTitle,
        date: formatRewardLastDay(new Date(notice.expiresAt)),
      };
      return {
        title: t(notice.daysBefore <= 1 ? 'emails:rewardExpiry.subjectToday' : 'emails:rewardExpiry.subject', values),
        body: t('customer:push.rewardExpiryBody', values),
        url: `/user/rewards/${notice.rewardId}`,
        tag: `reward-${notice.rewardId}`,
      };
    }
    case 'tier_downgrade': {
      const values = {
        vendor: notice.vendorName,
        card: notice.cardName,
        level: notice.levelName,
        date: formatRewardLastDay(new Date(notice.endsAt)),
        count: notice.needs,
      };
      return {
        title: t('customer:push.tierDowngradeTitle', values),
        body: t(
          notice.basis === 'points' ? 'customer:push.tierDowngradePoints' : 'customer:push.tierDowngradeVisits',
          values,
        ),
        url: '/user',
        tag: `card-${notice.userCardId}`,
      };
    }
    case 'referral_bonus_waiting': {
      const values = { vendor: notice.vendorName, card: notice.cardName, reward: notice.rewardTitle };
      return {
        title: t('customer:push.referralWaitingTitle', values),
        body: t('customer:push.referralWaitingBody', values),
        url: '/user',
        tag: `referral-waiting-${notice.cardName}`,
      };
    }
    case 'vendor_message':
      return {
        title: vendorMessageSubject(notice.vendorName, notice.subject),
        body: clip(notice.message),
        url: `/vendors/${notice.vendorSlug}`,
        tag: `vendor-${notice.vendorSlug}`,
      };
    case 'daily_chaska': {
      const values = {
        kind: t('emails:deal.kindDaily'),
        deal: notice.dealTitle,
        vendor: notice.vendorName,
        city: notice.city,
        price: formatPKR(notice.dealPrice),
        original: formatPKR(notice.originalPrice),
      };
      return {
        title: t('emails:deal.subject', values),
        body: t('customer:push.dailyChaskaBody', values),
        url: '/daily-chaska',
        tag: 'daily-chaska',
      };
    }
    case 'hourly_chaska': {
      const { dealPrice, originalPrice } = notice;
      const values = {
        kind: t('emails:deal.kindHourly'),
        deal: notice.dealTitle,
        vendor: notice.vendorName,
        city: notice.city,
      };
      const place =
        dealPrice !== null && originalPrice !== null
          ? t('customer:push.dailyChaskaBody', {
              ...values,
              price: formatPKR(dealPrice),
              original: formatPKR(originalPrice),
            })
          : t('customer:push.dealPlaceBody', values);
      const ends = notice.endsAt ? t('emails:deal.endsAt', { endsAt: formatLongDateTime(notice.endsAt) }) : null;
      return {
        title: t('emails:deal.subject', values),
        body: ends ? `${place} ${ends}` : place,
        url: '/daily-chaska',
        tag: `hourly-${notice.cardId}`,
      };
    }
  }
}
