import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@server/db/client';
import { retryOnTransactionConflict } from '@server/db/transaction-conflict';
import {
  auditLog,
  consumedCodes,
  loyaltyCards,
  referrals,
  rewards,
  stamps,
  userCards,
  users,
  vendorMembers,
  vendors,
} from '@server/db/schema';
import { type AppError, conflict, forbidden, notFound } from '@server/errors';
import { auditLogValues, type AuditActor } from '@server/lib/record-audit';
import { assertDealOn, dealSoldOutError, takeDealUnit } from '@server/modules/cards/deal-availability';
import { liveNotification } from '@server/modules/notifications/notify-live';
import { counterCodeUsedNotification } from './counter-code-used';
import { checkMonthlyStampLimit, hasMonthlyStampRoom, lockStampCounting } from './check-monthly-stamp-limit';
import type { StampKind } from '@shared/stamps/referrals';
import { recordReferralPayout, settleReferralAtVisit } from '@server/modules/stamps/settle-referral';
import { SYSTEM_ACTOR } from '@server/lib/record-audit';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { cardHonouredBy } from '@server/modules/cards/partnerships';
import { serverText } from '@server/lib/texts';
import { describeNextStampTime, nextStampAllowedAt } from './next-stamp-time';
import type { AuditAction } from '@server/lib/audit-actions';
import { rewardExpiresAt } from '@shared/rewards/reward-expiry';
import { enqueueJob, jobInsert } from '@server/lib/job-queue';
import { afterChangeStatements } from '@server/lib/after-change';
import { stampEmailJob } from './stamp-email-job';
import { rewardExpiryJobs } from './reward-reminder-jobs';
import { pushJobInsert } from '@server/modules/notifications/push-job';

/** Whose screen the refusal is shown on: the customer's scanner or the vendor's staff. */
export type StampAudience = 'customer' | 'staff';

/** What was presented: the code, and how far one use of it reaches. */
export interface PresentedCode {
  /** Stored in stamps.qr_code: the kind and id of the code, never the code itself. */
  ref: string;
  /**
   * The code's key in consumed_codes: a second use of the same key fails, whoever tries. Callers
   * choose how far one use reaches (a counter code: the code; a customer code: code and card).
   */
  consumedKey: string;
  /** Refusal when this customer already used the key. */
  replayMessage: string;
  /** Refusal when someone else used it first (a shared photo of a counter code). */
  usedByOtherMessage: string;
  /** A counter code: the vendor's counter screens hear that it was used, to show the next at once. */
  counterCodeId?: string;
  /** A demo code (demo mode only): it may stamp the demo vendors' cards and nothing else. */
  demo?: boolean;
  /** What the stamp is: a visit (every code) unless the product gives it as a bonus. */
  kind?: StampKind;
}

/** Who issues the stamp: the vendor the code or the staff member speaks for, and how it is recorded. */
export interface StampIssuer {
  vendorId: string;
  /** Refusal when the card is not one this vendor honours. */
  otherVendorError: () => AppError;
  /** Stored in stamps.created_by. */
  userId: string | null;
  actor: AuditActor;
  auditAction: AuditAction;
  /** Whose screen a refusal is shown on. */
  audience: StampAudience;
}

export interface StampCardInput {
  customerUserId: string;
  cardId: string;
  code: PresentedCode;
  issuer: StampIssuer;
  now: Date;
  /** The customer's browser when they scanned (referrals' same-device rule, decision 038). */
  device?: string;
}

export interface StampOutcome {
  stamp: { id: string; issuedAt: Date };
  reward: { id: string; rewardTitle: string; rewardValue: number } | null;
  userCard: {
    id: string;
    cardId: string;
    cardName: string;
    vendorName: string;
    stampsCollected: number;
    stampsRequired: number;
    rewardTitle: string;
    status: 'active' | 'completed';
  };
  customer: { email: string; name: string };
  /** The visit was a referred friend's first: a bonus stamp came with it (counted in userCard). */
  referralBonus: boolean;
}

/** Catalogue keys of the refusals both the customer's scanner and the vendor's staff see. */
const VENDOR_UNAVAILABLE: Record<string, string> = {
  suspended: 'customer:scanError.vendorSuspended',
  pending: 'customer:scanError.vendorPending',
  rejected: 'customer:scanError.vendorRejected',
};

const CARD_UNAVAILABLE: Record<string, string> = {
  paused: 'customer:scanError.cardPaused',
  draft: 'customer:scanError.cardDraft',
  archived: 'customer:scanError.cardArchived',
};

/** Words for the customer's scanner or for the vendor's staff. */
function toAudience(audience: StampAudience, words: Record<StampAudience, string>): string {
  return words[audience];
}

const issuingVendors = alias(vendors, 'issuing_vendor');

/**
 * The card with its owner vendor, the issuing vendor (the owner itself, or a partner: status and
 * plan, for the monthly limit) and whether it honours the card, the customer and whether the
 * customer belongs to either vendor, in one round trip: the first statement of every stamp.
 */
async function loadStampContext(tx: Executor, cardId: string, customerUserId: string, issuerVendorId: string) {
  const [row] = await tx
    .select({
      id: loyaltyCards.id,
      vendorId: loyaltyCards.vendorId,
      name: loyaltyCards.name,
      status: loyaltyCards.status,
      stampsRequired: loyaltyCards.stampsRequired,
      rewardTitle: loyaltyCards.rewardTitle,
      rewardDescription: loyaltyCards.rewardDescription,
      rewardValue: loyaltyCards.rewardValue,
      minStampIntervalMinutes: loyaltyCards.minStampIntervalMinutes,
      rewardExpiryDays: loyaltyCards.rewardExpiryDays,
      stockLeft: loyaltyCards.stockLeft,
      dealStartsAt: loyaltyCards.dealStartsAt,
      dealEndsAt: loyaltyCards.dealEndsAt,
      vendorName: vendors.businessName,
      vendorStatus: vendors.status,
      vendorClosedAt: vendors.closedAt,
      vendorIsDemo: vendors.isDemo,
      issuer: {
        name: issuingVendors.businessName,
        status: issuingVendors.status,
        closedAt: issuingVendors.closedAt,
        subscriptionPlan: issuingVendors.subscriptionPlan,
        subscriptionStatus: issuingVendors.subscriptionStatus,
      },
      issuerHonoursCard: cardHonouredBy(issuerVendorId),
      customerEmail: users.email,
      customerName: users.name,
      customerIsMember: sql<boolean>`exists (select 1 from ${vendorMembers} where ${vendorMembers.userId} = ${customerUserId} and ${vendorMembers.vendorId} = ${loyaltyCards.vendorId})`,
      customerIsIssuerMember: sql<boolean>`exists (select 1 from ${vendorMembers} where ${vendorMembers.userId} = ${customerUserId} and ${vendorMembers.vendorId} = ${issuerVendorId})`,
      // Whether this stamp may settle a referral (decision 038): read here, so other stamps pay nothing for it.
      customerHasPendingReferral: sql<boolean>`exists (select 1 from ${referrals} where ${referrals.vendorId} = ${loyaltyCards.vendorId} and ${referrals.friendUserId} = ${customerUserId} and ${referrals.status} = 'pending')`,
    })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .innerJoin(issuingVendors, eq(issuingVendors.id, issuerVendorId))
    .leftJoin(users, eq(users.id, customerUserId))
    .where(eq(loyaltyCards.id, cardId))
    .limit(1);
  return row;
}

type StampContext = NonNullable<Awaited<ReturnType<typeof loadStampContext>>>;

/**
 * The vendor issuing may stamp this card: its own card or a partner card it accepted
 * (cardHonouredBy, decision 023), and a demo code only on a demo shop's.
 */
function assertIssuerHonoursCard(card: StampContext, input: StampCardInput): void {
  if (!card.issuerHonoursCard) throw input.issuer.otherVendorError();
  // A demo code names any card it likes only if someone forged it; the card decides, not the code.
  if (input.code.demo && !card.vendorIsDemo) throw forbidden(serverText('customer:scanError.demoShopsOnly'));
}

/** An approved vendor that has not closed its account issues stamps; nobody else does. */
function assertVendorIssuesStamps(vendor: { name: string; status: string; closedAt: Date | null }): void {
  if (vendor.closedAt) {
    throw conflict(serverText('customer:scanError.vendorClosed', { vendor: vendor.name }), 'vendor_unavailable');
  }
  if (vendor.status !== 'approved') {
    const key = VENDOR_UNAVAILABLE[vendor.status] ?? VENDOR_UNAVAILABLE.pending!;
    throw conflict(serverText(key, { vendor: vendor.name }), 'vendor_unavailable');
  }
}

/** An active card takes stamps; a deal only from its start to its end (deal-availability.ts, as the marketplace). */
function assertCardTakesStamps(card: StampContext, now: Date): void {
  if (card.status !== 'active') {
    throw conflict(serverText(CARD_UNAVAILABLE[card.status] ?? CARD_UNAVAILABLE.archived!), 'card_unavailable');
  }
  assertDealOn(card, now);
}

/** The customer exists and is not one of the vendors' own people: that would be self-dealing, whoever scans. */
function customerWhoMayCollect(card: StampContext, audience: StampAudience): { email: string; name: string } {
  if (card.customerEmail === null || card.customerName === null) throw notFound('Customer not found');
  // On a partner card, a member of the partner that stamps is as much an insider as the owner's.
  const insiderOf = card.customerIsMember ? card.vendorName : card.customerIsIssuerMember ? card.issuer.name : null;
  if (insiderOf !== null) {
    throw forbidden(
      toAudience(audience, {
        customer: serverText('customer:scanError.ownVendor', { vendor: insiderOf }),
        staff: `This customer is a member of ${insiderOf} and cannot collect stamps on its cards.`,
      }),
      'own_vendor',
    );
  }
  return { email: card.customerEmail, name: card.customerName };
}

type Consumption = 'consumed' | 'used_by_this_customer' | 'used_by_someone_else';

/**
 * Consumes the code and adds the card to the customer if needed, in one statement. A card added
 * here takes a unit of a deal's stock, as joining in the marketplace does (takeDealUnit). All of
 * it runs; a code used before (no consumed row) or a sold-out deal makes the caller throw, which
 * rolls the rest back with it. Who used the code first is read in the same statement, to word
 * the refusal.
 */
async function consumeCodeAndJoin(
  tx: Executor,
  input: StampCardInput,
): Promise<{ consumption: Consumption; joined: boolean; tookDealUnit: boolean }> {
  const { now } = input;
  const join = tx
    .insert(userCards)
    .values({ userId: input.customerUserId, cardId: input.cardId, startedAt: now, createdAt: now })
    .onConflictDoNothing();
  const consume = tx
    .insert(consumedCodes)
    .values({ codeId: input.code.consumedKey, userId: input.customerUserId, consumedAt: now })
    .onConflictDoNothing()
    .returning({ codeId: consumedCodes.codeId });
  const claim = takeDealUnit(tx, input.cardId, sql`exists (select 1 from joined)`);
  const result = await tx.execute(
    sql`with consumed as (${consume.getSQL()}), joined as (${join.returning({ id: userCards.id }).getSQL()}), claimed as (${claim.getSQL()})
        select (select count(*) from consumed)::int as consumed,
               (select count(*) from joined)::int as joined,
               (select count(*) from claimed)::int as claimed,
               exists (select 1 from ${consumedCodes} where ${consumedCodes.codeId} = ${input.code.consumedKey} and ${consumedCodes.userId} = ${input.customerUserId}) as mine`,
  );
  // PGlite and node-postgres both answer raw statements with `{ rows }`.
  const [row] = (
    result as unknown as { rows: Array<{ consumed: number; joined: number; claimed: number; mine: boolean }> }
  ).rows;
  const consumption: Consumption =
    (row?.consumed ?? 0) > 0 ? 'consumed' : row?.mine ? 'used_by_this_customer' : 'used_by_someone_else';
  return { consumption, joined: (row?.joined ?? 0) > 0, tookDealUnit: (row?.claimed ?? 0) > 0 };
}

/**
 * The code is used once, and the card is added to the customer if needed (taking a deal's unit
 * like Claim Now; a holder already has theirs). Then the customer's card row is locked, so that
 * concurrent stamps on it are counted one after another.
 */
async function useCodeAndLockUserCard(tx: Executor, input: StampCardInput, card: StampContext) {
  const { consumption, joined, tookDealUnit } = await consumeCodeAndJoin(tx, input);
  if (consumption !== 'consumed') {
    throw conflict(
      consumption === 'used_by_this_customer' ? input.code.replayMessage : input.code.usedByOtherMessage,
      'code_already_used',
    );
  }
  if (joined && card.stockLeft !== null && !tookDealUnit) throw dealSoldOutError();
  const [userCard] = await tx
    .select()
    .from(userCards)
    .where(and(eq(userCards.userId, input.customerUserId), eq(userCards.cardId, card.id)))
    .for('update');
  if (!userCard) throw new Error('user card vanished inside its transaction');
  return { userCard, joined };
}

type LockedUserCard = Awaited<ReturnType<typeof useCodeAndLockUserCard>>['userCard'];

/** A completed card waits for its reward; otherwise the card's interval decides (every code keeps it, demo codes too). */
function assertUserCardTakesStampNow(
  userCard: LockedUserCard,
  card: StampContext,
  audience: StampAudience,
  now: Date,
): void {
  if (userCard.status === 'completed') {
    throw conflict(
      toAudience(audience, {
        customer: serverText('customer:scanError.rewardPending'),
        staff: 'This customer has completed this card. Confirm their reward before issuing new stamps.',
      }),
      'reward_pending',
    );
  }
  const nextAt = nextStampAllowedAt(userCard.lastStampAt, card.minStampIntervalMinutes, now);
  if (nextAt) {
    const when = describeNextStampTime(nextAt, now);
    throw conflict(
      toAudience(audience, {
        customer: serverText('customer:scanError.tooSoon', { when }),
        staff: `This customer was stamped on this card recently. Their next stamp is possible ${when}.`,
      }),
      'stamp_too_soon',
    );
  }
}

/**
 * Writes the stamp, the customer's count, on the last stamp the reward and the completed card,
 * the audit row, the after-change effects (Wallet pass, webhooks, automations), the push and
 * e-mail jobs and the live notifications, in one statement. Ids are made here, so that the
 * writes need nothing back from each other. Data-modifying CTEs always run once, referenced or
 * not; NOTIFY is delivered only on commit.
 */
async function writeStamp(
  tx: Executor,
  input: StampCardInput,
  card: StampContext,
  userCard: LockedUserCard,
  customer: { email: string; name: string },
  joined: boolean,
  /** The customer's e-mail of this stamp goes with its statement (unless a referral's bonus changes what it says). */
  options: { emailCustomer: boolean } = { emailCustomer: false },
): Promise<StampOutcome> {
  const { now, issuer } = input;
  const stampsCollected = userCard.stampsCollected + 1;
  const completes = stampsCollected >= card.stampsRequired;
  const stamp = { id: randomUUID(), issuedAt: now };
  const reward: StampOutcome['reward'] = completes
    ? { id: randomUUID(), rewardTitle: card.rewardTitle, rewardValue: card.rewardValue }
    : null;
  const writes: SQL[] = [
    tx
      .insert(stamps)
      .values({
        id: stamp.id,
        userCardId: userCard.id,
        vendorId: issuer.vendorId,
        cardId: card.id,
        userId: input.customerUserId,
        qrCode: input.code.ref,
        kind: input.code.kind ?? 'visit',
        issuedAt: now,
        createdAt: now,
        createdBy: issuer.userId,
      })
      .getSQL(),
    tx
      .update(userCards)
      .set({ stampsCollected, lastStampAt: now, ...(completes ? { status: 'completed', completedAt: now } : {}) })
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
            stampId: stamp.id,
            cardId: card.id,
            customerUserId: input.customerUserId,
            stampsCollected,
            qrCode: input.code.ref,
            ...(reward ? { rewardId: reward.id } : {}),
          },
        }),
      )
      .getSQL(),
  ];
  // The card's expiry at the moment the reward is earned (shared/reward-expiry.ts); null: never.
  const expiresAt = reward && card.rewardExpiryDays ? rewardExpiresAt(now, card.rewardExpiryDays) : null;
  if (reward) {
    writes.push(
      tx
        .insert(rewards)
        .values({
          id: reward.id,
          userId: input.customerUserId,
          vendorId: card.vendorId,
          cardId: card.id,
          userCardId: userCard.id,
          rewardTitle: card.rewardTitle,
          rewardDescription: card.rewardDescription,
          rewardValue: card.rewardValue,
          status: 'earned',
          earnedAt: now,
          expiresAt,
          createdAt: now,
        })
        .getSQL(),
      // Its reminders (7 days and 1 day before) and its expiry, written with it.
      ...(expiresAt ? rewardExpiryJobs({ id: reward.id, earnedAt: now, expiresAt }) : []).map((job) =>
        jobInsert(tx, job),
      ),
    );
  }
  // What follows a stamp in other domains (the Wallet pass, the vendor API's webhooks, the
  // owner's automations) travels in the same statement (lib/after-change.ts).
  const customerRef = { id: input.customerUserId, name: customer.name };
  const cardRef = { id: card.id, name: card.name, ownerVendorId: card.vendorId };
  if (joined)
    writes.push(
      ...afterChangeStatements('card.joined', {
        card: cardRef,
        atVendorId: issuer.vendorId,
        userCardId: userCard.id,
        customer: customerRef,
        now,
      }),
    );
  writes.push(
    ...afterChangeStatements('stamp.written', {
      stampId: stamp.id,
      issuedByVendorId: issuer.vendorId,
      card: { ...cardRef, stampsRequired: card.stampsRequired },
      userCardId: userCard.id,
      customer: customerRef,
      stampsCollected,
      reward,
      now,
    }),
  );
  // A stamp the customer did not scan themselves (staff scanned their code, a referral's bonus)
  // reaches their phone by push after the commit (decision 043): the reward when it completes the card.
  if (issuer.audience === 'staff' || input.code.kind === 'referral_bonus') {
    const vendorName = card.issuer.name;
    writes.push(
      reward
        ? pushJobInsert(
            input.customerUserId,
            {
              type: 'reward',
              rewardId: reward.id,
              vendorName,
              cardName: card.name,
              rewardTitle: reward.rewardTitle,
              rewardValue: reward.rewardValue,
            },
            `reward:${reward.id}`,
            now,
          )
        : pushJobInsert(
            input.customerUserId,
            {
              type: 'stamp',
              userCardId: userCard.id,
              vendorName,
              cardName: card.name,
              stampsCollected,
              stampsRequired: card.stampsRequired,
              rewardTitle: card.rewardTitle,
            },
            `stamp:${stamp.id}`,
            now,
          ),
    );
  }
  const outcome: StampOutcome = {
    stamp,
    reward,
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
    customer,
    referralBonus: false,
  };
  if (options.emailCustomer) writes.push(jobInsert(tx, stampEmailJob(input.customerUserId, outcome, now)));
  const announcements = [
    liveNotification(input.customerUserId, {
      type: 'stamp.collected',
      userCardId: userCard.id,
      cardId: card.id,
      cardName: card.name,
      // Where the stamp was given: on a partner card, the partner's counter ("New stamp at …").
      vendorName: card.issuer.name,
      stampsCollected,
      stampsRequired: card.stampsRequired,
      rewardId: reward?.id ?? null,
    }),
  ];
  if (input.code.counterCodeId) {
    announcements.push(
      counterCodeUsedNotification(issuer.vendorId, { cardId: card.id, codeId: input.code.counterCodeId }),
    );
  }
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

/** A bonus stamp given, or why not: the owner's plan has no stamp left this month, or the card takes none now. */
export type BonusStampResult = { given: StampOutcome } | { refused: 'plan_limit' | 'card' };

/**
 * One bonus stamp on a customer's card, given by the card's owner (a referral, decision 038; an
 * automation, decision 044): written by writeStamp like any stamp (count, reward on the last,
 * audit, webhooks, live event) and marked as a bonus of its kind. Nobody waits at a counter for
 * it, so instead of refusing it answers why not: the card is not held or is waiting for its
 * reward, or the owner's plan has no stamp left this month (the same rule as every stamp,
 * hasMonthlyStampRoom, under the same vendor row lock).
 */
export async function giveBonusStamp(
  tx: Executor,
  input: {
    customerUserId: string;
    cardId: string;
    ref: string;
    now: Date;
    kind?: Exclude<StampKind, 'visit'>;
  },
): Promise<BonusStampResult> {
  const kind = input.kind ?? 'referral_bonus';
  const [owner] = await tx
    .select({ vendorId: loyaltyCards.vendorId })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.id, input.cardId));
  if (!owner) return { refused: 'card' };
  const card = await loadStampContext(tx, input.cardId, input.customerUserId, owner.vendorId);
  if (!card || card.customerEmail === null || card.customerName === null) return { refused: 'card' };
  const [userCard] = await tx
    .select()
    .from(userCards)
    .where(and(eq(userCards.userId, input.customerUserId), eq(userCards.cardId, input.cardId)))
    .for('update');
  if (!userCard || userCard.status !== 'active') return { refused: 'card' };
  if (!(await hasMonthlyStampRoom(tx, owner.vendorId, planLimitsForVendor(card.issuer).maxStampsPerMonth, input.now)))
    return { refused: 'plan_limit' };
  const bonusInput: StampCardInput = {
    customerUserId: input.customerUserId,
    cardId: input.cardId,
    code: { ref: input.ref, consumedKey: input.ref, replayMessage: '', usedByOtherMessage: '', kind },
    issuer: {
      vendorId: owner.vendorId,
      otherVendorError: () => forbidden(),
      userId: null,
      actor: SYSTEM_ACTOR,
      auditAction: kind === 'automation_bonus' ? 'stamp.automation_bonus' : 'stamp.referral_bonus',
      audience: 'customer',
    },
    now: input.now,
  };
  const given = await writeStamp(
    tx,
    bonusInput,
    card,
    userCard,
    { email: card.customerEmail, name: card.customerName },
    false,
  );
  return { given };
}

/** A referral's bonus: the stamp, or null when it is skipped (the referral row records it). */
async function giveReferralBonusStamp(
  tx: Executor,
  input: { customerUserId: string; cardId: string; ref: string; now: Date },
): Promise<StampOutcome | null> {
  const result = await giveBonusStamp(tx, { ...input, kind: 'referral_bonus' });
  return 'given' in result ? result.given : null;
}

/**
 * After a visit stamp: when it is a referred friend's first visit at the card's owner, both the
 * friend (on the card just stamped) and the referrer (on the card they shared) get a bonus stamp,
 * each if its card and the plan allow (settle-referral.ts decides who; this writes the stamps).
 * Answers the friend's outcome with the bonus counted in.
 */
async function giveReferralBonuses(
  tx: Executor,
  visit: StampOutcome,
  input: { vendorId: string; friendUserId: string; friendDevice?: string; now: Date },
): Promise<StampOutcome> {
  const { now } = input;
  const payout = await settleReferralAtVisit(tx, { ...input, visitStampId: visit.stamp.id });
  if (!payout) return visit;
  const ref = `referral:${payout.referralId}`;
  const friendBonus = await giveReferralBonusStamp(tx, {
    customerUserId: input.friendUserId,
    cardId: visit.userCard.cardId,
    ref,
    now,
  });
  const referrerBonus = payout.referrer
    ? await giveReferralBonusStamp(tx, {
        customerUserId: payout.referrer.userId,
        cardId: payout.referrer.cardId,
        ref,
        now,
      })
    : null;
  const notes = [
    friendBonus ? null : 'friend_bonus_skipped',
    payout.referrerNote ?? (payout.referrer && !referrerBonus ? 'referrer_bonus_skipped' : null),
  ].filter((note): note is string => note !== null);
  await recordReferralPayout(tx, payout.referralId, {
    friendStampId: friendBonus?.stamp.id ?? null,
    referrerStampId: referrerBonus?.stamp.id ?? null,
    note: notes.length > 0 ? notes.join(' ') : null,
    now,
  });
  if (!friendBonus) return visit;
  return { ...visit, reward: friendBonus.reward ?? visit.reward, userCard: friendBonus.userCard, referralBonus: true };
}

/**
 * One stamp, in one transaction (PRODUCT.md section 4), read top to bottom as the rule: the card
 * is one the issuing vendor honours; the vendor issues stamps and the card takes them; the
 * customer may collect; the code is used once and the card joined if needed; the customer's card
 * is not waiting for its reward and the card's interval has passed; the issuing vendor's plan
 * allows another stamp this month (SPEC.md section 5); then the stamp, and on the last one the
 * reward. Every stamp takes a few round trips and no more: reads and writes that do not depend
 * on each other travel together.
 */
export async function stampCard(db: Database, input: StampCardInput): Promise<StampOutcome> {
  // Every write of a stamp is inside its transaction, so one rolled back for a deadlock (two
  // partner counters stamping one customer on each other's cards at once) is simply run again.
  return retryOnTransactionConflict(() => stampInTransaction(db, input));
}

function stampInTransaction(db: Database, input: StampCardInput): Promise<StampOutcome> {
  const { now, issuer } = input;
  return db.transaction(async (tx) => {
    const card = await loadStampContext(tx, input.cardId, input.customerUserId, issuer.vendorId);
    if (!card) throw notFound('Loyalty card not found');
    assertIssuerHonoursCard(card, input);
    assertVendorIssuesStamps({ name: card.vendorName, status: card.vendorStatus, closedAt: card.vendorClosedAt });
    if (issuer.vendorId !== card.vendorId) assertVendorIssuesStamps(card.issuer);
    assertCardTakesStamps(card, now);
    const customer = customerWhoMayCollect(card, issuer.audience);
    // The issuing vendor's plan: a partner's stamps count against its own limit, not the owner's.
    // Its stamps are counted one at a time, and the lock comes before this stamp's first write.
    const monthlyLimit = planLimitsForVendor(card.issuer).maxStampsPerMonth;
    await lockStampCounting(tx, issuer.vendorId, monthlyLimit);

    const { userCard, joined } = await useCodeAndLockUserCard(tx, input, card);
    assertUserCardTakesStampNow(userCard, card, issuer.audience, now);
    await checkMonthlyStampLimit(tx, issuer.vendorId, monthlyLimit, now);

    // A referral is about the card's owner: its friend's first visit, whoever's counter it was at.
    const settlesReferral = (input.code.kind ?? 'visit') === 'visit' && card.customerHasPendingReferral;
    const visit = await writeStamp(tx, input, card, userCard, customer, joined, { emailCustomer: !settlesReferral });
    if (!settlesReferral) return visit;
    const settled = await giveReferralBonuses(tx, visit, {
      vendorId: card.vendorId,
      friendUserId: input.customerUserId,
      ...(input.device ? { friendDevice: input.device } : {}),
      now,
    });
    // The e-mail tells the visit with its bonus counted in.
    await enqueueJob(tx, stampEmailJob(input.customerUserId, settled, now));
    return settled;
  });
}
