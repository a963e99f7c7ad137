import { z } from 'zod';
import { smsParts } from '@shared/notifications/outbox';
import { addPakistanDays, startOfPakistanDay, startOfPakistanMonth, addPakistanMonths } from '@shared/pakistan-time';
import { isUnlimited, type PlanLimits } from '@shared/billing/plans';
import { emailSubjectSchema } from '@shared/notifications/email';
import { holdOutPercentSchema, holdOutResultSchema } from './hold-out';

/**
 * Campaigns (decision 045): a vendor's message to a segment of its own customers, sent now or at
 * a chosen time, through the job runner and the e-mail outbox. The segments' rules and the
 * windows they read are here, for the server's queries and the composer alike.
 */

export const CAMPAIGN_SEGMENTS = [
  'all',
  'close_to_reward',
  'lapsed',
  'unredeemed_reward',
  'joined_this_month',
] as const;
export type CampaignSegment = (typeof CAMPAIGN_SEGMENTS)[number];

export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The catalogue key of each status and segment, as the Campaigns page names them. */
export const CAMPAIGN_STATUS_KEYS: Record<CampaignStatus, string> = {
  scheduled: 'campaigns:status.scheduled',
  sending: 'campaigns:status.sending',
  sent: 'campaigns:status.sent',
  cancelled: 'campaigns:status.cancelled',
};

export const CAMPAIGN_SEGMENT_KEYS: Record<CampaignSegment, string> = {
  all: 'campaigns:segment.all',
  close_to_reward: 'campaigns:segment.close_to_reward',
  lapsed: 'campaigns:segment.lapsed',
  unredeemed_reward: 'campaigns:segment.unredeemed_reward',
  joined_this_month: 'campaigns:segment.joined_this_month',
};

/** "Close to a reward": one or two stamps to go. */
export const CLOSE_TO_REWARD_STAMPS = 2;
/** A customer who stamps at the vendor within this many days of the send "came back". */
export const CAME_BACK_DAYS = 14;
export const LAPSED_DAYS_MIN = 7;
export const LAPSED_DAYS_MAX = 365;
export const DEFAULT_LAPSED_DAYS = 30;
/** How far ahead a campaign may be scheduled. */
export const SCHEDULE_MAX_DAYS = 90;
/** A send time up to this long ago still counts as "now" (a form sends whole minutes, people take a moment). */
export const SCHEDULE_GRACE_MS = 5 * 60 * 1000;

export const CAMPAIGN_MESSAGE_MAX = 2000;

/** The windows a segment reads at `now`: lapsed customers' last visit is before `lastVisitBefore`, new ones joined since `joinedSince`. */
export interface SegmentWindow {
  segment: CampaignSegment;
  lastVisitBefore: Date | null;
  joinedSince: Date | null;
  /** Stamps to go, at most (close to a reward). */
  stampsToGoAtMost: number | null;
}

export function segmentWindow(segment: CampaignSegment, lapsedDays: number | null, now: Date): SegmentWindow {
  return {
    segment,
    lastVisitBefore: segment === 'lapsed' ? addPakistanDays(now, -(lapsedDays ?? DEFAULT_LAPSED_DAYS)) : null,
    joinedSince: segment === 'joined_this_month' ? startOfPakistanMonth(now) : null,
    stampsToGoAtMost: segment === 'close_to_reward' ? CLOSE_TO_REWARD_STAMPS : null,
  };
}

/**
 * What the segment means for one customer, as facts about their cards at the vendor: the one
 * definition the SQL of the server's audience query follows (campaigns/campaign-audience.ts) and
 * its tests compare with.
 */
export interface CustomerFacts {
  /** Each card held: stamps still needed for the reward and whether it is completed (reward waiting). */
  cards: Array<{ stampsToGo: number; completed: boolean; joinedAt: Date; lastStampAt: Date | null }>;
  /** Rewards earned and not redeemed, with their expiry. */
  rewards: Array<{ expiresAt: Date | null }>;
}

export function inSegment(window: SegmentWindow, customer: CustomerFacts, now: Date): boolean {
  if (customer.cards.length === 0) return false;
  switch (window.segment) {
    case 'all':
      return true;
    case 'close_to_reward':
      return customer.cards.some(
        (card) => !card.completed && card.stampsToGo >= 1 && card.stampsToGo <= (window.stampsToGoAtMost ?? 0),
      );
    case 'lapsed': {
      // The last visit is the last stamp, or joining for a customer who never stamped.
      const lastVisit = Math.max(...customer.cards.map((card) => (card.lastStampAt ?? card.joinedAt).getTime()));
      return lastVisit < window.lastVisitBefore!.getTime();
    }
    case 'unredeemed_reward':
      return customer.rewards.some((reward) => !reward.expiresAt || reward.expiresAt.getTime() > now.getTime());
    case 'joined_this_month': {
      const firstJoined = Math.min(...customer.cards.map((card) => card.joinedAt.getTime()));
      return firstJoined >= window.joinedSince!.getTime();
    }
  }
}

/** The Pakistan calendar month a send time counts against: [start, end). */
export function campaignMonth(sendAt: Date): { start: Date; end: Date } {
  const start = startOfPakistanMonth(sendAt);
  return { start, end: addPakistanMonths(start, 1) };
}

/** The Pakistan day a customer's one campaign per vendor counts against. */
export function campaignDayKeyStart(sentAt: Date): Date {
  return startOfPakistanDay(sentAt);
}

/** Whether the plan allows one more campaign in a month already holding `used`. */
export function campaignAllowed(limits: Pick<PlanLimits, 'campaignsPerMonth'>, used: number): boolean {
  return isUnlimited(limits.campaignsPerMonth) || used < limits.campaignsPerMonth;
}

const segmentSchema = z.enum(CAMPAIGN_SEGMENTS, {
  error: 'Segment must be all, close_to_reward, lapsed, unredeemed_reward or joined_this_month.',
});
const lapsedDaysSchema = z
  .number({ error: 'Days without a visit must be a number.' })
  .int('Days without a visit must be a whole number.')
  .min(LAPSED_DAYS_MIN, `Days without a visit must be at least ${LAPSED_DAYS_MIN}.`)
  .max(LAPSED_DAYS_MAX, `Days without a visit must be at most ${LAPSED_DAYS_MAX}.`);

function lapsedDaysNeeded(value: { segment: CampaignSegment; lapsedDays?: number | null }, ctx: z.RefinementCtx) {
  if (value.segment === 'lapsed' && (value.lapsedDays === undefined || value.lapsedDays === null))
    ctx.addIssue({ code: 'custom', path: ['lapsedDays'], message: 'Days without a visit are required.' });
}

/** GET /api/vendor/campaigns/audience: how many customers a segment reaches now. */
export const campaignAudienceQuerySchema = z
  .object({
    segment: segmentSchema,
    lapsedDays: z.coerce.number({ error: 'Days without a visit must be a number.' }).pipe(lapsedDaysSchema).optional(),
  })
  .superRefine(lapsedDaysNeeded);
export type CampaignAudienceQuery = z.infer<typeof campaignAudienceQuerySchema>;

export const campaignAudienceSchema = z.object({
  recipients: z.number().int(),
  /**
   * Of them, who would also get it by WhatsApp (or else by SMS) now (decision 081), within what is
   * left of the plan's month, and the prices the estimate multiplies (paisa; SMS per part).
   */
  byPhone: z.object({
    whatsapp: z.number().int(),
    sms: z.number().int(),
    leftThisMonth: z.number().int(),
    whatsappPaisa: z.number().int(),
    smsPartPaisa: z.number().int(),
  }),
});
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

/**
 * Who also gets the campaign by WhatsApp or SMS (decision 081) and about what that costs: within
 * what is left of the plan's month, WhatsApp first, an SMS in as many parts as its words take.
 */
export function phoneEstimate(
  byPhone: CampaignAudience['byPhone'],
  words: { subject: string; message: string },
): { whatsapp: number; sms: number; costPaisa: number } {
  const whatsapp = Math.min(byPhone.whatsapp, byPhone.leftThisMonth);
  const sms = Math.min(byPhone.sms, byPhone.leftThisMonth - whatsapp);
  // The SMS says the subject and the start of the message, as its push does.
  const parts = smsParts(`${words.subject}\n${words.message.slice(0, 180)}`);
  return { whatsapp, sms, costPaisa: whatsapp * byPhone.whatsappPaisa + sms * parts * byPhone.smsPartPaisa };
}

/** POST /api/vendor/campaigns: the message, the segment and when (null: now). */
export const createCampaignSchema = z
  .object({
    subject: emailSubjectSchema,
    message: z
      .string({ error: 'Message is required.' })
      .trim()
      .min(1, 'Message is required.')
      .max(CAMPAIGN_MESSAGE_MAX, `Message must be at most 2,000 characters.`),
    segment: segmentSchema,
    lapsedDays: lapsedDaysSchema.nullable().optional(),
    sendAt: z.iso.datetime({ offset: true, error: 'Send time must be a date and time.' }).nullable().optional(),
    /**
     * The share of the audience held back, receiving nothing, to measure the lift (decision 083).
     * The composer starts at 10; left out, none (an API caller's campaign stays as it was).
     */
    holdOutPercent: holdOutPercentSchema.optional(),
  })
  .superRefine(lapsedDaysNeeded);
export type CreateCampaignInput = z.infer<typeof createCampaignSchema>;

export const SEND_TIME_PAST_MESSAGE = 'Send time must be in the future.';
export const SEND_TIME_TOO_FAR_MESSAGE = `Send time must be within ${SCHEDULE_MAX_DAYS} days.`;

/** Why a send time cannot be used at `now`, or null (null itself means "now"). */
export function sendTimeProblem(sendAt: Date | null, now: Date): string | null {
  if (!sendAt) return null;
  if (sendAt.getTime() < now.getTime() - SCHEDULE_GRACE_MS) return SEND_TIME_PAST_MESSAGE;
  if (sendAt.getTime() > addPakistanDays(now, SCHEDULE_MAX_DAYS).getTime()) return SEND_TIME_TOO_FAR_MESSAGE;
  return null;
}

export const campaignIdParamsSchema = z.object({ campaignId: z.uuid('Campaign id must be a UUID.') });

const phoneDeliverySchema = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
});
export type PhoneDelivery = z.infer<typeof phoneDeliverySchema>;

export const campaignFiguresSchema = z.object({
  /** Customers of the segment when sending began (those who accept vendor updates), the held-back group apart. */
  recipients: z.number().int(),
  /** The hold-out group: chosen at random when sending began, sent nothing (decision 083). */
  heldOut: z.number().int(),
  /** E-mails handed to the outbox. */
  sent: z.number().int(),
  /** Left out: preferences changed meanwhile, or another campaign of the vendor reached them that day. */
  skipped: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  cameBack: z.number().int(),
  /**
   * The campaign's WhatsApp and SMS messages (decision 081) by the state their provider last
   * reported: taken (no report yet), delivered, read (WhatsApp only) and failed. A WhatsApp message
   * that failed and went again by SMS counts once on each channel.
   */
  byPhone: z.object({ whatsapp: phoneDeliverySchema, sms: phoneDeliverySchema }),
  /** The return of those it was meant for against the held-back group; null without a hold-out or before sending. */
  lift: holdOutResultSchema.nullable(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  segment: z.enum(CAMPAIGN_SEGMENTS),
  lapsedDays: z.number().int().nullable(),
  holdOutPercent: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  sendAt: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  figures: campaignFiguresSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({
  campaigns: z.array(campaignSchema),
  /** Campaigns this Pakistan month (cancelled ones do not count) and the plan's limit (-1 unlimited, 0 none). */
  usage: z.object({ used: z.number().int(), limit: z.number().int() }),
  /** The refusal shown when the plan has no campaigns ("This feature needs the Standard plan."), else null. */
  lockedMessage: z.string().nullable(),
  /** What a customer spends on a visit as the owner stated it, for the rupees of a lift (decision 083); null: not given. */
  averageSpendRupees: z.number().int().nullable(),
});
export type CampaignList = z.infer<typeof campaignListSchema>;

export function campaignLimitMessage(limit: number): string {
  return `You have sent the ${limit} campaigns your plan allows this month. Upgrade your plan on Billing to send more.`;
}
