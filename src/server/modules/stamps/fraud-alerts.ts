import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { applyAfterChange } from '@server/lib/after-change';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@server/db/client';
import {
  auditLog,
  fraudAlerts,
  loyaltyCards,
  rewards,
  stampReversals,
  stamps,
  userCards,
  users,
} from '@server/db/schema';
import { retryOnTransactionConflict } from '@server/db/transaction-conflict';
import { conflict, notFound } from '@server/errors';
import { auditLogValues, type AuditActor } from '@server/lib/record-audit';
import { serverText } from '@server/lib/texts';
import { readTierCount, reviseTierAfterReversal } from '@server/modules/cards/card-tiers';
import type { FraudAlert } from '@shared/stamps/fraud-rules';

/*
 * The vendor's fraud alerts (decision 086): the stamps behind each, "This is fine" (dismiss) and
 * "Reverse these stamps". A reversal writes a stamp_reversals row per stamp (the stamps themselves
 * never change, so every count kept of them stays exact), takes the stamps off the customer's
 * card where they are still on it, and withdraws a reward they earned that is not redeemed yet.
 */

/** How many alerts the dashboard shows: the newest, open or handled. */
const ALERTS_SHOWN = 20;

const customers = alias(users, 'alert_customer');
const staffMembers = alias(users, 'alert_staff');
const subjects = alias(users, 'alert_subject');

type AlertWindow = Pick<
  typeof fraudAlerts.$inferSelect,
  'vendorId' | 'kind' | 'subjectUserId' | 'windowStart' | 'windowEnd'
>;

/**
 * The stamps behind an alert, the one home of that rule: the vendor's counter stamps in the
 * alert's window, of the customer (customer_day) or given by the staff member (staff_hour).
 */
function stampsBehind(alert: AlertWindow): SQL {
  return and(
    eq(stamps.vendorId, alert.vendorId),
    gte(stamps.issuedAt, alert.windowStart),
    lt(stamps.issuedAt, alert.windowEnd),
    inArray(stamps.kind, ['visit', 'same_visit']),
    alert.kind === 'customer_day' ? eq(stamps.userId, alert.subjectUserId) : eq(stamps.createdBy, alert.subjectUserId),
  )!;
}

/** The same rule over the alerts table's own columns, to read many alerts' stamps in one statement. */
const stampsBehindAnyAlert = and(
  eq(stamps.vendorId, fraudAlerts.vendorId),
  gte(stamps.issuedAt, fraudAlerts.windowStart),
  lt(stamps.issuedAt, fraudAlerts.windowEnd),
  inArray(stamps.kind, ['visit', 'same_visit']),
  or(
    and(eq(fraudAlerts.kind, 'customer_day'), eq(stamps.userId, fraudAlerts.subjectUserId)),
    and(eq(fraudAlerts.kind, 'staff_hour'), eq(stamps.createdBy, fraudAlerts.subjectUserId)),
  ),
);

const alertColumns = {
  id: fraudAlerts.id,
  kind: fraudAlerts.kind,
  status: fraudAlerts.status,
  subjectName: subjects.name,
  windowStart: fraudAlerts.windowStart,
  windowEnd: fraudAlerts.windowEnd,
  createdAt: fraudAlerts.createdAt,
  reversedStamps: fraudAlerts.reversedStamps,
  rewardsWithdrawn: fraudAlerts.rewardsWithdrawn,
  redeemedKept: fraudAlerts.redeemedKept,
};

async function presentAlerts(db: Executor, where: SQL, limit: number): Promise<FraudAlert[]> {
  const alerts = await db
    .select(alertColumns)
    .from(fraudAlerts)
    .innerJoin(subjects, eq(subjects.id, fraudAlerts.subjectUserId))
    .where(where)
    .orderBy(desc(fraudAlerts.createdAt), desc(fraudAlerts.id))
    .limit(limit);
  if (alerts.length === 0) return [];
  const behind = await db
    .select({
      alertId: fraudAlerts.id,
      id: stamps.id,
      issuedAt: stamps.issuedAt,
      cardName: loyaltyCards.name,
      customerName: customers.name,
      staffName: staffMembers.name,
      reversed: sql<boolean>`${stampReversals.stampId} is not null`,
    })
    .from(fraudAlerts)
    .innerJoin(stamps, stampsBehindAnyAlert)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
    .innerJoin(customers, eq(customers.id, stamps.userId))
    // A counter code's stamp names its customer as creator: no staff member gave it.
    .leftJoin(staffMembers, and(eq(staffMembers.id, stamps.createdBy), sql`${stamps.createdBy} <> ${stamps.userId}`))
    .leftJoin(stampReversals, eq(stampReversals.stampId, stamps.id))
    .where(
      inArray(
        fraudAlerts.id,
        alerts.map((alert) => alert.id),
      ),
    )
    .orderBy(asc(stamps.issuedAt), asc(stamps.id));
  return alerts.map((alert) => ({
    id: alert.id,
    kind: alert.kind,
    status: alert.status,
    subjectName: alert.subjectName,
    windowStart: alert.windowStart.toISOString(),
    windowEnd: alert.windowEnd.toISOString(),
    createdAt: alert.createdAt.toISOString(),
    stamps: behind
      .filter((stamp) => stamp.alertId === alert.id)
      .map((stamp) => ({
        id: stamp.id,
        issuedAt: stamp.issuedAt.toISOString(),
        cardName: stamp.cardName,
        customerName: stamp.customerName,
        staffName: stamp.staffName,
        reversed: stamp.reversed,
      })),
    outcome:
      alert.status === 'reversed'
        ? {
            reversedStamps: alert.reversedStamps ?? 0,
            rewardsWithdrawn: alert.rewardsWithdrawn ?? 0,
            redeemedKept: alert.redeemedKept ?? 0,
          }
        : null,
  }));
}

/** The vendor's newest alerts with the stamps behind each. */
export async function listFraudAlerts(db: Database, vendorId: string): Promise<{ alerts: FraudAlert[] }> {
  return { alerts: await presentAlerts(db, eq(fraudAlerts.vendorId, vendorId), ALERTS_SHOWN) };
}

/** The vendor's open alert, locked: another vendor's (or no) alert is a 404, a handled one a 409. */
async function lockOpenAlert(tx: Executor, vendorId: string, alertId: string) {
  const [alert] = await tx
    .select()
    .from(fraudAlerts)
    .where(and(eq(fraudAlerts.id, alertId), eq(fraudAlerts.vendorId, vendorId)))
    .for('update');
  if (!alert) throw notFound(serverText('vendor:fraud.alertNotFound'));
  if (alert.status !== 'open') throw conflict(serverText('vendor:fraud.alertResolved'), 'alert_resolved');
  return alert;
}

async function presentOne(db: Executor, alertId: string): Promise<FraudAlert> {
  const [alert] = await presentAlerts(db, eq(fraudAlerts.id, alertId), 1);
  if (!alert) throw notFound(serverText('vendor:fraud.alertNotFound'));
  return alert;
}

/** "This is fine": the alert is closed, the stamps stay. */
export async function dismissFraudAlert(
  db: Database,
  input: { vendorId: string; alertId: string; actor: AuditActor; now: Date },
): Promise<FraudAlert> {
  await db.transaction(async (tx) => {
    await lockOpenAlert(tx, input.vendorId, input.alertId);
    await tx
      .update(fraudAlerts)
      .set({ status: 'dismissed', resolvedAt: input.now, resolvedBy: input.actor.userId })
      .where(eq(fraudAlerts.id, input.alertId));
    await tx.insert(auditLog).values(
      auditLogValues({
        actor: input.actor,
        action: 'fraud_alert.dismiss',
        targetType: 'fraud_alert',
        targetId: input.alertId,
        vendorId: input.vendorId,
      }),
    );
  });
  return presentOne(db, input.alertId);
}

/**
 * Where a customer's card stands once `reversed` of its stamps are taken back. Only stamps of the
 * card's current round (given since it last started) are on it: those of a round already redeemed
 * stay with their reward. A completed card whose progress falls below its reward loses the
 * reward (withdrawn) and goes on collecting; otherwise the stamps come off its count.
 */
export function cardAfterReversal(
  card: { status: 'active' | 'completed'; stampsCollected: number; carriedStamps: number; stampsRequired: number },
  reversed: number,
): { stampsCollected: number; carriedStamps: number; status: 'active' | 'completed'; withdrawReward: boolean } {
  const progress = Math.max(0, card.stampsCollected + card.carriedStamps - reversed);
  if (card.status === 'completed' && progress >= card.stampsRequired) {
    return {
      stampsCollected: card.stampsRequired,
      carriedStamps: progress - card.stampsRequired,
      status: 'completed',
      withdrawReward: false,
    };
  }
  return { stampsCollected: progress, carriedStamps: 0, status: 'active', withdrawReward: card.status === 'completed' };
}

/**
 * "Reverse these stamps", once: the alert's row is locked, so a second reversal at the same time
 * waits and finds it handled (409). One reversal row per stamp not reversed yet.
 */
export async function reverseFraudAlert(
  db: Database,
  input: { vendorId: string; alertId: string; actor: AuditActor; now: Date },
): Promise<FraudAlert> {
  const { vendorId, alertId, actor, now } = input;
  await retryOnTransactionConflict(() =>
    db.transaction(async (tx) => {
      const alert = await lockOpenAlert(tx, vendorId, alertId);
      const behind = await tx
        .select({ id: stamps.id, userCardId: stamps.userCardId, issuedAt: stamps.issuedAt, points: stamps.points })
        .from(stamps)
        .leftJoin(stampReversals, eq(stampReversals.stampId, stamps.id))
        .where(and(stampsBehind(alert), isNull(stampReversals.stampId)));
      // A points award is one row that gave its points (decision 085): reversing it takes them back.
      const byCard = new Map<string, Array<{ id: string; issuedAt: Date; worth: number }>>();
      for (const stamp of behind)
        byCard.set(stamp.userCardId, [
          ...(byCard.get(stamp.userCardId) ?? []),
          { id: stamp.id, issuedAt: stamp.issuedAt, worth: stamp.points ?? 1 },
        ]);
      let rewardsWithdrawn = 0;
      let redeemedKept = 0;
      const tierRevisions: Parameters<typeof reviseTierAfterReversal>[1][] = [];
      // Cards locked in one order, so two reversals over the same cards never wait on each other.
      for (const userCardId of [...byCard.keys()].sort()) {
        const issued = byCard.get(userCardId)!;
        const [card] = await tx
          .select({
            status: userCards.status,
            stampsCollected: userCards.stampsCollected,
            carriedStamps: userCards.carriedStamps,
            startedAt: userCards.startedAt,
            tierLevel: userCards.tierLevel,
            tierCount: userCards.tierCount,
            tierNoticeAt: userCards.tierNoticeAt,
            tiers: loyaltyCards.tiers,
            stampsRequired: loyaltyCards.stampsRequired,
            cardId: loyaltyCards.id,
            cardName: loyaltyCards.name,
            customerId: users.id,
            customerName: users.name,
          })
          .from(userCards)
          .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
          .innerJoin(users, eq(users.id, userCards.userId))
          .where(eq(userCards.id, userCardId))
          .for('update', { of: userCards });
        if (!card) continue;
        // A tiered card's level is revised once the reversal rows are written (decision 087).
        if (card.tiers)
          tierRevisions.push({
            userCardId,
            rule: card.tiers,
            held: { level: card.tierLevel, count: card.tierCount, noticeAt: card.tierNoticeAt },
            countBefore: await readTierCount(tx, userCardId, card.tiers.basis, now),
          });
        const onCard = issued
          .filter((stamp) => stamp.issuedAt >= card.startedAt)
          .reduce((sum, stamp) => sum + stamp.worth, 0);
        const earliest = new Date(Math.min(...issued.map((stamp) => stamp.issuedAt.getTime())));
        const [kept] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(rewards)
          .where(
            and(eq(rewards.userCardId, userCardId), eq(rewards.status, 'redeemed'), gte(rewards.earnedAt, earliest)),
          );
        redeemedKept += kept?.count ?? 0;
        if (onCard === 0) continue;
        const after = cardAfterReversal(card, onCard);
        // The round's unredeemed rewards the progress no longer reaches: the last (a completed card
        // going back) and each earlier milestone above the progress (decision 085). A points card's
        // chosen rewards were bought with points, not earned by the progress, and stay.
        const unreached = [
          ...(after.withdrawReward ? [and(isNull(rewards.milestoneAt), isNull(rewards.pointsPrice))] : []),
          ...(after.status === 'active' ? [gt(rewards.milestoneAt, after.stampsCollected)] : []),
        ];
        const withdrawn =
          unreached.length === 0
            ? []
            : await tx
                .update(rewards)
                .set({ status: 'withdrawn' })
                .where(
                  and(
                    eq(rewards.userCardId, userCardId),
                    eq(rewards.status, 'earned'),
                    gte(rewards.earnedAt, card.startedAt),
                    or(...unreached),
                  ),
                )
                .returning({ id: rewards.id });
        rewardsWithdrawn += withdrawn.length;
        await tx
          .update(userCards)
          .set({
            stampsCollected: after.stampsCollected,
            carriedStamps: after.carriedStamps,
            status: after.status,
            ...(after.withdrawReward ? { completedAt: null } : {}),
          })
          .where(eq(userCards.id, userCardId));
        // The Wallet pass and the vendor's webhooks follow (after-change effects).
        await applyAfterChange(tx, 'stamp.reversed', {
          vendorId,
          card: { id: card.cardId, name: card.cardName },
          userCardId,
          customer: { id: card.customerId, name: card.customerName },
          stampIds: issued.map((stamp) => stamp.id),
          stampsCollected: after.stampsCollected,
          withdrawnRewardIds: withdrawn.map((reward) => reward.id),
          now,
        });
      }
      if (behind.length > 0) {
        await tx.insert(stampReversals).values(
          behind.map((stamp) => ({
            stampId: stamp.id,
            vendorId,
            userCardId: stamp.userCardId,
            alertId,
            reversedBy: actor.userId,
            reversedAt: now,
          })),
        );
      }
      for (const revision of tierRevisions) await reviseTierAfterReversal(tx, revision, now);
      await tx
        .update(fraudAlerts)
        .set({
          status: 'reversed',
          resolvedAt: now,
          resolvedBy: actor.userId,
          reversedStamps: behind.length,
          rewardsWithdrawn,
          redeemedKept,
        })
        .where(eq(fraudAlerts.id, alertId));
      await tx.insert(auditLog).values(
        auditLogValues({
          actor,
          action: 'fraud_alert.reverse',
          targetType: 'fraud_alert',
          targetId: alertId,
          vendorId,
          metadata: { stampIds: behind.map((stamp) => stamp.id), rewardsWithdrawn, redeemedKept },
        }),
      );
    }),
  );
  return presentOne(db, alertId);
}
