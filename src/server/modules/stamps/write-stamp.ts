import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { auditLog, consumedCodes, rewards, stamps, userCards } from '@server/db/schema';
import { rows } from '@server/db/sql-rows';
import { auditLogValues } from '@server/lib/record-audit';
import { rewardExpiresAt } from '@shared/rewards/reward-expiry';
import { dealSoldOutError, takeDealUnit } from '@server/modules/cards/deal-availability';
import { AFTER_STAMP_EFFECTS, afterStampAnnouncements, type WrittenStamp } from './after-stamp-effects';
import type { StampContext } from './stamp-context';
import type { StampCardInput, StampOutcome } from './stamp-request';
import { codeAlreadyUsed, splitOrder } from './stamp-rules';
import { cardMilestones } from '@shared/cards/earn-rules';
import { HEAD_START_REF } from '@shared/stamps/codes';

/**
 * Consumes the code and adds the card to the customer if needed, in one statement. A card added
 * here takes a unit of a deal's stock, as joining in the marketplace does (takeDealUnit). All of
 * it runs; a code used before (no consumed row) or a sold-out deal makes the caller throw, which
 * rolls the rest back with it. Who used the code first is read in the same statement, to word
 * the refusal.
 */
async function consumeCodeAndJoin(tx: Executor, input: StampCardInput, card: StampContext) {
  const { now } = input;
  const join = tx
    .insert(userCards)
    .values({
      userId: input.customerUserId,
      cardId: input.cardId,
      stampsCollected: card.headStartStamps,
      startedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing();
  const consume = tx
    .insert(consumedCodes)
    .values({ codeId: input.code.consumedKey, userId: input.customerUserId, consumedAt: now })
    .onConflictDoNothing()
    .returning({ codeId: consumedCodes.codeId });
  const claim = takeDealUnit(tx, input.cardId, sql`exists (select 1 from joined)`);
  const [row] = await rows<{ consumed: number; joined: number; claimed: number; mine: boolean }>(
    tx,
    sql`with consumed as (${consume.getSQL()}), joined as (${join.returning({ id: userCards.id }).getSQL()}), claimed as (${claim.getSQL()})
        select (select count(*) from consumed)::int as consumed,
               (select count(*) from joined)::int as joined,
               (select count(*) from claimed)::int as claimed,
               exists (select 1 from ${consumedCodes} where ${consumedCodes.codeId} = ${input.code.consumedKey} and ${consumedCodes.userId} = ${input.customerUserId}) as mine`,
  );
  return {
    consumed: (row?.consumed ?? 0) > 0,
    usedBy: row?.mine ? ('this_customer' as const) : ('someone_else' as const),
    joined: (row?.joined ?? 0) > 0,
    tookDealUnit: (row?.claimed ?? 0) > 0,
  };
}

/**
 * The code is used once, and the card is added to the customer if needed (taking a deal's unit
 * like Claim Now; a holder already has theirs). Then the customer's card row is locked, so that
 * concurrent stamps on it are counted one after another.
 */
export async function useCodeAndLockUserCard(tx: Executor, input: StampCardInput, card: StampContext) {
  const { consumed, usedBy, joined, tookDealUnit } = await consumeCodeAndJoin(tx, input, card);
  if (!consumed) throw codeAlreadyUsed(input.issuer.audience, usedBy);
  if (joined && card.stockLeft !== null && !tookDealUnit) throw dealSoldOutError();
  const userCard = await lockUserCard(tx, input.customerUserId, card.id);
  if (!userCard) throw new Error('user card vanished inside its transaction');
  if (joined)
    await writeHeadStart(tx, { userCardId: userCard.id, customerUserId: input.customerUserId, card, now: input.now });
  return { userCard, joined };
}

/**
 * A card that begins with a head start (decision 085): its stamps are rows of kind `head_start`,
 * written by the card's owner when the customer's card is added (which set stamps_collected to
 * them), so that progress and analytics count them; the plan's month never does
 * (billing/plan-usage.ts `countStampsSince`). A points card's head start is one row of its points.
 */
export async function writeHeadStart(
  tx: Executor,
  given: {
    userCardId: string;
    customerUserId: string;
    card: { id: string; vendorId: string; earnKind: string; headStartStamps: number };
    now: Date;
  },
): Promise<void> {
  const { card, now } = given;
  if (card.headStartStamps <= 0) return;
  const row = {
    userCardId: given.userCardId,
    vendorId: card.vendorId,
    cardId: card.id,
    userId: given.customerUserId,
    qrCode: HEAD_START_REF,
    kind: 'head_start' as const,
    issuedAt: now,
    createdAt: now,
  };
  await tx
    .insert(stamps)
    .values(
      card.earnKind === 'points'
        ? [{ ...row, points: card.headStartStamps }]
        : Array.from({ length: card.headStartStamps }, () => row),
    );
}

/** The customer's card row, locked until the transaction ends; undefined when they do not hold the card. */
export async function lockUserCard(tx: Executor, customerUserId: string, cardId: string) {
  const [userCard] = await tx
    .select()
    .from(userCards)
    .where(and(eq(userCards.userId, customerUserId), eq(userCards.cardId, cardId)))
    .for('update');
  return userCard;
}

export type LockedUserCard = NonNullable<Awaited<ReturnType<typeof lockUserCard>>>;

/**
 * Whether a reward is its card's last of the round, whose redemption or expiry starts a completed
 * card over: not an earlier milestone's, nor a points card's chosen reward (decision 085).
 */
export function completesRound(reward: { milestoneAt: number | null; pointsPrice: number | null }): boolean {
  return reward.milestoneAt === null && reward.pointsPrice === null;
}

/**
 * A completed card starting over (its reward redeemed, or expired unredeemed): the next round
 * begins with the stamps an order carried beyond the reward (writeStamp), never fewer or more.
 */
export function startOverColumns(now: Date) {
  return {
    stampsCollected: sql`${userCards.carriedStamps}`,
    carriedStamps: 0,
    status: 'active' as const,
    completedAt: null,
    startedAt: now,
  };
}

/**
 * The stamp's own rows (the stamp, the customer's count, on the last stamp the reward and the
 * completed card, the audit row) and everything it sets off (AFTER_STAMP_EFFECTS, then the live
 * announcements), in one statement. Ids are made here, so that the writes need nothing back from
 * each other. Data-modifying CTEs always run once, referenced or not; NOTIFY is delivered only on
 * commit.
 */
export async function writeStamp(
  tx: Executor,
  stamp: {
    input: StampCardInput;
    card: StampContext;
    userCard: LockedUserCard;
    customer: { email: string; name: string };
    joined: boolean;
    /** The customer's e-mail of this stamp goes with its statement (unless a referral's bonus changes what it says). */
    emailCustomer: boolean;
    /** A points card's award (stamp-rules.ts `orderOf`); a bonus on a points card leaves it out. */
    points?: { amount: number; points: number } | null;
    /** The customer's tier after a counter award on a tiered card (cards/card-tiers.ts `tierAfterAward`). */
    tier?: { level: number; count: number };
  },
): Promise<StampOutcome> {
  const { input, card, userCard } = stamp;
  const { now, issuer } = input;
  const quantity = input.quantity ?? 1;
  const kind = input.code.kind ?? 'visit';
  const isVisit = kind === 'visit';
  // A points card: the award's points (a bonus gives what 100 PKR earns), never completing the card.
  const points =
    card.earnKind === 'points' ? (stamp.points ?? { amount: null, points: card.pointsPer100Pkr ?? 1 }) : null;
  // Checked by the caller (assertOrderFitsCard): the order earns each milestone at most once.
  const { stampsCollected, carried, completes, reached } = points
    ? { stampsCollected: userCard.stampsCollected + points.points, carried: 0, completes: false, reached: [] }
    : splitOrder({ stampsCollected: userCard.stampsCollected, milestones: cardMilestones(card), quantity });
  const earned = reached.map((milestone) => ({
    id: randomUUID(),
    rewardTitle: milestone.rewardTitle,
    rewardValue: milestone.rewardValue,
    milestone: milestone.at,
    completesRound: milestone.at === card.stampsRequired,
  }));
  const outcome: StampOutcome = {
    stamp: { id: randomUUID(), issuedAt: now },
    quantity,
    carriedStamps: carried,
    points,
    reward: earned.at(-1) ?? null,
    rewards: earned,
    userCard: {
      id: userCard.id,
      cardId: card.id,
      cardName: card.name,
      vendorName: card.vendorName,
      stampsCollected,
      stampsRequired: card.stampsRequired,
      rewardTitle: card.rewardTitle,
      status: completes ? 'completed' : 'active',
    },
    customer: stamp.customer,
    referralBonus: 'none',
  };
  // The card's expiry at the moment a reward is earned (shared/rewards/reward-expiry.ts); null: never.
  const expiresAt = earned.length > 0 && card.rewardExpiryDays ? rewardExpiresAt(now, card.rewardExpiryDays) : null;
  const stampRow = {
    userCardId: userCard.id,
    vendorId: issuer.vendorId,
    cardId: card.id,
    userId: input.customerUserId,
    qrCode: input.code.ref,
    issuedAt: now,
    createdAt: now,
    createdBy: issuer.userId,
    branchId: input.branchId ?? null,
  };
  const writes: SQL[] = [
    tx
      .insert(stamps)
      .values([
        {
          ...stampRow,
          id: outcome.stamp.id,
          kind,
          visitStamps: quantity,
          ...(points ? { points: points.points, billPkr: points.amount } : {}),
        },
        // An order's other stamps: each a stamp (the plan's limit, analytics), none another visit.
        ...Array.from({ length: quantity - 1 }, () => ({ ...stampRow, kind: 'same_visit' as const })),
      ])
      .getSQL(),
    tx
      .update(userCards)
      .set({
        stampsCollected,
        ...(carried > 0 ? { carriedStamps: carried } : {}),
        // The card's interval runs from the last visit: a bonus never blocks the visit's own stamp.
        ...(isVisit ? { lastStampAt: now } : {}),
        ...(completes ? { status: 'completed', completedAt: now } : {}),
        // A level reached clears the notice of the fall of a lower one (decision 087).
        ...(stamp.tier
          ? {
              tierLevel: stamp.tier.level,
              tierCount: stamp.tier.count,
              ...(stamp.tier.level > userCard.tierLevel ? { tierNoticeAt: null } : {}),
            }
          : {}),
      })
      .where(eq(userCards.id, userCard.id))
      .getSQL(),
    tx
      .insert(auditLog)
      .values(
        auditLogValues({
          actor: issuer.actor,
          action: issuer.auditAction,
          targetType: 'user_card',
          targetId: userCard.id,
          vendorId: issuer.vendorId,
          metadata: {
            stampId: outcome.stamp.id,
            cardId: card.id,
            customerUserId: input.customerUserId,
            stampsCollected,
            qrCode: input.code.ref,
            ...(quantity > 1 ? { quantity, carriedStamps: carried } : {}),
            ...(points ? { points: points.points, amount: points.amount } : {}),
            ...(earned.length > 0 ? { rewardIds: earned.map((reward) => reward.id) } : {}),
          },
        }),
      )
      .getSQL(),
  ];
  if (earned.length > 0) {
    writes.push(
      tx
        .insert(rewards)
        .values(
          earned.map((reward) => ({
            id: reward.id,
            userId: input.customerUserId,
            vendorId: card.vendorId,
            cardId: card.id,
            userCardId: userCard.id,
            rewardTitle: reward.rewardTitle,
            // The card's description tells its last reward; an earlier milestone has its title only.
            rewardDescription: reward.completesRound ? card.rewardDescription : '',
            rewardValue: reward.rewardValue,
            milestoneAt: reward.completesRound ? null : reward.milestone,
            status: 'earned' as const,
            earnedAt: now,
            expiresAt,
            createdAt: now,
          })),
        )
        .getSQL(),
    );
  }
  const written: WrittenStamp = {
    input,
    card,
    outcome,
    joined: stamp.joined,
    rewardExpiresAt: expiresAt,
    emailCustomer: stamp.emailCustomer,
  };
  for (const effect of AFTER_STAMP_EFFECTS) writes.push(...effect(tx, written));
  const announcements = afterStampAnnouncements(written);
  await tx.execute(
    sql`with ${sql.join(
      writes.map((write, index) => sql`${sql.raw(`write_${index}`)} as (${write})`),
      sql`, `,
    )}
        select 1 from ${sql.join(
          announcements.map((announcement, index) => sql`(${announcement}) as ${sql.raw(`announcement_${index}`)}`),
          sql`, `,
        )}`,
  );
  return outcome;
}
