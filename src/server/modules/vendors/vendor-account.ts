import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@server/db/client';
import { endBillingForClosedAccount } from '@server/modules/billing/manage-subscription';
import type { PaymentProvider } from '@server/modules/billing/payment-provider';
import { loyaltyCards, payments, rewards, stamps, userCards, users, vendorMembers, vendors } from '@server/db/schema';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { forbidden } from '@server/errors';
import { CLOSED_VENDOR_MESSAGE, loadVendor, lockOpenVendor } from '@server/modules/billing/vendor-plan';
import { presentVendorProfile } from './vendor-profile';

/**
 * Closing keeps every row (cards, customers' stamps and rewards, payments) and sets closed_at:
 * public pages list only vendors without it, stamping refuses it, and this API refuses changes.
 * Billing ends first, at once, through the provider (endBillingForClosedAccount): if the provider
 * refuses, the account stays open and nothing is charged or changed.
 */
export async function closeVendorAccount(
  db: Database,
  provider: PaymentProvider,
  input: { vendorId: string; actor: AuditActor; now: Date; log: FastifyBaseLogger },
): Promise<{ closedAt: string }> {
  const { vendorId, actor, now } = input;
  // A closed account has no billing left to end: refused before the provider is called.
  if ((await loadVendor(db, vendorId)).closedAt) throw forbidden(CLOSED_VENDOR_MESSAGE);
  const subscriptionEnd = await endBillingForClosedAccount(db, provider, vendorId, input.log);
  return db.transaction(async (tx) => {
    await lockOpenVendor(tx, vendorId);
    const closedAt = now;
    await tx
      .update(vendors)
      .set({ ...subscriptionEnd, closedAt, updatedAt: closedAt })
      .where(eq(vendors.id, vendorId));
    await recordAudit(tx, { actor, action: 'vendor.close', targetType: 'vendor', targetId: vendorId, vendorId });
    return { closedAt: closedAt.toISOString() };
  });
}

/**
 * Download Business Data: the vendor's profile, cards, customers with their stamps and rewards,
 * team and payments, as one JSON document. Customers appear only through this vendor's cards.
 */
export async function exportBusinessData(db: Database, vendorId: string, actor: AuditActor, now: Date) {
  const vendor = await loadVendor(db, vendorId);
  const cards = await db
    .select()
    .from(loyaltyCards)
    .where(eq(loyaltyCards.vendorId, vendorId))
    .orderBy(loyaltyCards.createdAt);
  const cardIds = cards.map((card) => card.id);
  const holdings =
    cardIds.length === 0
      ? []
      : await db
          .select({
            userCard: userCards,
            name: users.name,
            surname: users.surname,
            email: users.email,
            phone: users.phone,
          })
          .from(userCards)
          .innerJoin(users, eq(users.id, userCards.userId))
          .where(inArray(userCards.cardId, cardIds));
  const stampRows = await db
    .select({
      id: stamps.id,
      userId: stamps.userId,
      cardId: stamps.cardId,
      issuedAt: stamps.issuedAt,
      issuedBy: stamps.createdBy,
    })
    .from(stamps)
    .where(eq(stamps.vendorId, vendorId))
    .orderBy(stamps.issuedAt);
  const rewardRows = await db.select().from(rewards).where(eq(rewards.vendorId, vendorId)).orderBy(rewards.earnedAt);
  const team = await db
    .select({
      email: users.email,
      name: users.name,
      surname: users.surname,
      role: vendorMembers.role,
      since: vendorMembers.createdAt,
    })
    .from(vendorMembers)
    .innerJoin(users, eq(users.id, vendorMembers.userId))
    .where(eq(vendorMembers.vendorId, vendorId));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.vendorId, vendorId)))
    .orderBy(desc(payments.paidAt));

  const customers = new Map<
    string,
    { name: string; email: string; phone: string | null; cards: unknown[]; stamps: unknown[]; rewards: unknown[] }
  >();
  for (const row of holdings) {
    const customer = customers.get(row.userCard.userId) ?? {
      name: `${row.name} ${row.surname}`.trim(),
      email: row.email,
      phone: row.phone,
      cards: [],
      stamps: [],
      rewards: [],
    };
    customer.cards.push({
      cardId: row.userCard.cardId,
      stampsCollected: row.userCard.stampsCollected,
      status: row.userCard.status,
      joinedAt: row.userCard.createdAt,
      completedAt: row.userCard.completedAt,
      lastStampAt: row.userCard.lastStampAt,
    });
    customers.set(row.userCard.userId, customer);
  }
  for (const stamp of stampRows)
    customers.get(stamp.userId)?.stamps.push({ cardId: stamp.cardId, issuedAt: stamp.issuedAt });
  for (const reward of rewardRows) {
    customers.get(reward.userId)?.rewards.push({
      cardId: reward.cardId,
      title: reward.rewardTitle,
      valuePkr: reward.rewardValue,
      status: reward.status,
      earnedAt: reward.earnedAt,
      redeemedAt: reward.redeemedAt,
    });
  }

  await recordAudit(db, { actor, action: 'vendor.export', targetType: 'vendor', targetId: vendorId, vendorId });
  return {
    exportedAt: now.toISOString(),
    vendor: {
      ...presentVendorProfile(vendor),
      subscription: {
        plan: vendor.subscriptionPlan,
        status: vendor.subscriptionStatus,
        nextBillingDate: vendor.subscriptionUpdatedAt,
      },
      createdAt: vendor.createdAt,
    },
    cards: cards.map((card) => ({
      ...card,
      vendorId: undefined,
      featuredOrder: undefined,
      moderationReason: undefined,
    })),
    customers: [...customers.values()],
    team: team.map((member) => ({
      name: `${member.name} ${member.surname}`.trim(),
      email: member.email,
      role: member.role,
      since: member.since,
    })),
    payments: paymentRows.map((payment) => ({
      plan: payment.planId,
      amountPkr: payment.amount,
      status: payment.status,
      kind: payment.kind,
      description: payment.description,
      reference: payment.providerReference,
      paidAt: payment.paidAt,
      periodEnd: payment.periodEnd,
    })),
  };
}
