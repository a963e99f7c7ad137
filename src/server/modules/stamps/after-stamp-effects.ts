import type { SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { afterChangeStatements } from '@server/lib/after-change';
import { jobInsert } from '@server/lib/job-queue';
import { liveNotification } from '@server/modules/notifications/notify-live';
import { pushJobInsert } from '@server/modules/notifications/push-job';
import type { PhoneNoticeFacts } from '@server/modules/notifications/text-messages';
import { textNoticeJobInsert } from '@server/modules/notifications/text-notice-job';
import { counterCodeUsedNotification, counterStampedNotification } from './counter-code-used';
import { rewardExpiryJobs } from './reward-reminder-jobs';
import type { StampContext } from './stamp-context';
import { stampEmailJob } from './stamp-email-job';
import type { StampCardInput, StampOutcome } from './stamp-request';
import { PHONE_STAMP_REF } from '@shared/stamps/codes';

/** A stamp as its core write left it: what every effect reads. */
export interface WrittenStamp {
  input: StampCardInput;
  card: StampContext;
  outcome: StampOutcome;
  /** The stamp added the card to the customer. */
  joined: boolean;
  /** The reward's last day (shared/rewards/reward-expiry.ts); null: it never expires, or no reward. */
  rewardExpiresAt: Date | null;
  /** The customer's e-mail goes with this statement (unless a referral's bonus changes what it says). */
  emailCustomer: boolean;
}

/** One thing a stamp sets off: statements that travel inside the stamp's one write. */
type AfterStampEffect = (tx: Executor, written: WrittenStamp) => SQL[];

/** Each reward's reminders (7 days and 1 day before) and its expiry, written with it. */
const rewardDeadlines: AfterStampEffect = (tx, { outcome, input, rewardExpiresAt }) =>
  rewardExpiresAt
    ? outcome.rewards.flatMap((reward) =>
        rewardExpiryJobs({ id: reward.id, earnedAt: input.now, expiresAt: rewardExpiresAt }).map((job) =>
          jobInsert(tx, job),
        ),
      )
    : [];

/** The other domains that follow stamps (Wallet pass, vendor API webhooks, automations; lib/after-change.ts). */
const otherDomainsFollow: AfterStampEffect = (_tx, { input, card, outcome, joined }) => {
  const customer = { id: input.customerUserId, name: outcome.customer.name };
  const cardRef = { id: card.id, name: card.name, ownerVendorId: card.vendorId };
  const { now, issuer } = input;
  return [
    ...(joined
      ? afterChangeStatements('card.joined', {
          card: cardRef,
          atVendorId: issuer.vendorId,
          userCardId: outcome.userCard.id,
          customer,
          now,
        })
      : []),
    ...afterChangeStatements('stamp.written', {
      stampId: outcome.stamp.id,
      issuedByVendorId: issuer.vendorId,
      card: { ...cardRef, stampsRequired: card.stampsRequired },
      userCardId: outcome.userCard.id,
      customer,
      stampsCollected: outcome.userCard.stampsCollected,
      quantity: outcome.quantity,
      points: outcome.points,
      rewards: outcome.rewards.map(({ id, rewardTitle, rewardValue, milestone }) => ({
        id,
        rewardTitle,
        rewardValue,
        milestone,
      })),
      now,
    }),
  ];
};

/** What a stamp tells its customer beyond the e-mail: the reward when it completes the card. */
function noticeOf({ card, outcome }: WrittenStamp): {
  notice: Extract<PhoneNoticeFacts, { type: 'stamp' | 'reward' }>;
  key: string;
} {
  const vendorName = card.issuer.name;
  const { reward, userCard, stamp } = outcome;
  return reward
    ? {
        notice: {
          type: 'reward',
          rewardId: reward.id,
          vendorName,
          cardName: card.name,
          rewardTitle: reward.rewardTitle,
          rewardValue: reward.rewardValue,
        },
        key: `reward:${reward.id}`,
      }
    : {
        notice: {
          type: 'stamp',
          userCardId: userCard.id,
          vendorName,
          cardName: card.name,
          stampsCollected: userCard.stampsCollected,
          stampsRequired: card.stampsRequired,
          rewardTitle: card.rewardTitle,
          ...(card.earnKind === 'points' ? { points: true } : {}),
        },
        key: `stamp:${stamp.id}`,
      };
}

/**
 * A stamp the customer did not scan themselves (staff scanned their code, a referral's bonus)
 * reaches their phone after the commit: by push (decision 043), and by WhatsApp or SMS where they
 * asked for it (decision 081). A stamp given by phone number has its receipt instead (stamp-by-phone.ts).
 */
const noticeToCustomer: AfterStampEffect = (_tx, written) => {
  const { input } = written;
  if (input.issuer.audience !== 'staff' && input.code.kind !== 'referral_bonus') return [];
  const { notice, key } = noticeOf(written);
  return [
    pushJobInsert(input.customerUserId, notice, key, input.now),
    ...(input.code.ref === PHONE_STAMP_REF
      ? []
      : [
          textNoticeJobInsert(
            { userId: input.customerUserId, vendorId: input.issuer.vendorId, notice, key },
            input.now,
          ),
        ]),
  ];
};

/** The customer's "stamp collected" or "reward earned" e-mail, sent in batches by its job (decision 052). */
const stampEmail: AfterStampEffect = (tx, { input, outcome, emailCustomer }) =>
  emailCustomer ? [jobInsert(tx, stampEmailJob(input.customerUserId, outcome, input.now))] : [];

/** Everything a stamp sets off besides its own rows, declared once, in the order it is written. */
export const AFTER_STAMP_EFFECTS: readonly AfterStampEffect[] = [
  rewardDeadlines,
  otherDomainsFollow,
  noticeToCustomer,
  stampEmail,
];

/** What is told live (NOTIFY, delivered only on commit): the customer, and the counter whose code was used. */
export function afterStampAnnouncements({ input, card, outcome }: WrittenStamp): SQL[] {
  return [
    liveNotification(input.customerUserId, {
      type: 'stamp.collected',
      userCardId: outcome.userCard.id,
      cardId: card.id,
      cardName: card.name,
      // Where the stamp was given: on a partner card, the partner's counter ("New stamp at …").
      vendorName: card.issuer.name,
      stampsCollected: outcome.userCard.stampsCollected,
      stampsRequired: card.stampsRequired,
      rewardId: outcome.reward?.id ?? null,
      quantity: outcome.quantity,
    }),
    ...(input.code.counterCodeId
      ? [counterCodeUsedNotification(input.issuer.vendorId, { cardId: card.id, codeId: input.code.counterCodeId })]
      : []),
    ...(input.code.atCounter
      ? [
          counterStampedNotification(input.issuer.vendorId, {
            cardId: card.id,
            firstName: outcome.customer.name,
            stampsCollected: outcome.userCard.stampsCollected,
            stampsRequired: card.stampsRequired,
          }),
        ]
      : []),
  ];
}
