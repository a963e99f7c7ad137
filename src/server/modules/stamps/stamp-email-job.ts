import { z } from 'zod';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import {
  finishJobsWith,
  handlerOf,
  jobKind,
  newJob,
  type JobHandler,
  type JobRow,
  type NewJob,
} from '@server/lib/job-queue';
import type { EmailService, SendEmailInput } from '@server/modules/notifications/email-service';
import { rewardEarnedEmail, stampCollectedEmail } from '@server/modules/notifications/templates/stamp-emails';

/*
 * The stamp's e-mail (decision 052): "reward earned" when the stamp completed the card, otherwise
 * "stamp collected", gated by the customer's preferences in the outbox. The stamp's own statement
 * writes this job, so it commits with the stamp and costs the counter no round trip; the job
 * runner then puts many stamps' e-mails in the outbox together, in a handful of statements.
 */

export const STAMP_EMAIL_JOB = jobKind(
  'stamp.email',
  z.object({
    customerUserId: z.string(),
    to: z.string(),
    name: z.string(),
    vendorName: z.string(),
    cardName: z.string(),
    stampsCollected: z.number(),
    stampsRequired: z.number(),
    rewardTitle: z.string(),
    /** A points card's award (decision 085): the e-mail speaks in points. */
    points: z.boolean().optional(),
    reward: z.object({ id: z.string(), rewardTitle: z.string(), rewardValue: z.number() }).nullable(),
  }),
);

type StampEmailPayload = z.infer<typeof STAMP_EMAIL_JOB.payload>;

/** What of a stamp's outcome (stamp-card.ts StampOutcome) its e-mail tells. */
export interface StampEmailFacts {
  stamp: { id: string };
  customer: { email: string; name: string };
  userCard: {
    vendorName: string;
    cardName: string;
    stampsCollected: number;
    stampsRequired: number;
    rewardTitle: string;
  };
  reward: { id: string; rewardTitle: string; rewardValue: number } | null;
  /** Set on a points card's award only (write-stamp.ts), as the push's `points`. */
  points: { amount: number | null; points: number } | null;
}

/** The e-mail job of a stamp just written: keyed by the stamp, so one stamp never mails twice. */
export function stampEmailJob(customerUserId: string, outcome: StampEmailFacts, now: Date): NewJob {
  const { customer, userCard, reward } = outcome;
  return newJob(
    STAMP_EMAIL_JOB,
    {
      customerUserId,
      to: customer.email,
      name: customer.name,
      vendorName: userCard.vendorName,
      cardName: userCard.cardName,
      stampsCollected: userCard.stampsCollected,
      stampsRequired: userCard.stampsRequired,
      rewardTitle: userCard.rewardTitle,
      ...(outcome.points ? { points: true } : {}),
      reward,
    },
    { runAt: now, uniqueKey: `stamp-email:${outcome.stamp.id}` },
  );
}

function stampEmailInput(publicUrl: string, stamp: StampEmailPayload): SendEmailInput {
  const { reward } = stamp;
  return reward
    ? {
        type: 'reward',
        to: stamp.to,
        userId: stamp.customerUserId,
        render: ({ unsubscribeUrl }) =>
          rewardEarnedEmail({
            name: stamp.name,
            vendorName: stamp.vendorName,
            cardName: stamp.cardName,
            rewardTitle: reward.rewardTitle,
            rewardValue: reward.rewardValue,
            rewardUrl: `${publicUrl}/user/rewards/${reward.id}`,
            unsubscribeUrl,
          }),
      }
    : {
        type: 'stamp',
        to: stamp.to,
        userId: stamp.customerUserId,
        render: ({ unsubscribeUrl }) =>
          stampCollectedEmail({
            name: stamp.name,
            vendorName: stamp.vendorName,
            cardName: stamp.cardName,
            stampsCollected: stamp.stampsCollected,
            stampsRequired: stamp.stampsRequired,
            rewardTitle: stamp.rewardTitle,
            ...(stamp.points ? { points: true } : {}),
            dashboardUrl: `${publicUrl}/user`,
            unsubscribeUrl,
          }),
      };
}

/**
 * Puts the stamps' e-mails in the outbox in the transaction that marks their jobs done, so a job
 * run twice (a lease that ran out) mails once. The outbox's own job then delivers each.
 */
export function stampEmailHandler(deps: { db: Database; email: EmailService; config: Config }): JobHandler {
  const enqueue = (claimed: { job: JobRow; payload: StampEmailPayload }[], now: Date) =>
    finishJobsWith(
      deps.db,
      claimed.map(({ job }) => job),
      now,
      async (tx, held) => {
        const heldIds = new Set(held.map((job) => job.id));
        await deps.email.enqueueAll(
          claimed
            .filter(({ job }) => heldIds.has(job.id))
            .map(({ payload }) => stampEmailInput(deps.config.publicUrl, payload)),
          { tx },
        );
      },
    );
  return handlerOf(STAMP_EMAIL_JOB, {
    run: (payload, job, now) => enqueue([{ job, payload }], now),
    runMany: enqueue,
  });
}
