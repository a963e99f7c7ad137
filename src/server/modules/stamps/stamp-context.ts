import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@server/db/client';
import { loyaltyCards, referrals, users, vendorMembers, vendors } from '@server/db/schema';
import { cardHonouredBy } from '@server/modules/cards/partnerships';
import { vendorPlanHas } from '@server/modules/billing/plan-limits-for-vendor';

const issuingVendors = alias(vendors, 'issuing_vendor');

/**
 * The card with its owner vendor, the issuing vendor (the owner itself, or a partner: status and
 * plan, for the monthly limit) and whether it honours the card, the customer and whether the
 * customer belongs to either vendor, in one round trip: the first statement of every stamp.
 */
export async function loadStampContext(
  tx: Executor,
  input: { cardId: string; customerUserId: string; issuerVendorId: string },
) {
  const { cardId, customerUserId, issuerVendorId } = input;
  const [row] = await tx
    .select({
      id: loyaltyCards.id,
      vendorId: loyaltyCards.vendorId,
      name: loyaltyCards.name,
      status: loyaltyCards.status,
      stampsRequired: loyaltyCards.stampsRequired,
      earnKind: loyaltyCards.earnKind,
      pointsPer100Pkr: loyaltyCards.pointsPer100Pkr,
      minBillPkr: loyaltyCards.minBillPkr,
      maxItemsPerVisit: loyaltyCards.maxItemsPerVisit,
      headStartStamps: loyaltyCards.headStartStamps,
      milestones: loyaltyCards.milestones,
      tiers: loyaltyCards.tiers,
      // Tiers apply while the card's owner's plan has them (decision 087).
      tiersOn: sql<boolean>`${vendorPlanHas('tiers')}`,
      rewardTitle: loyaltyCards.rewardTitle,
      rewardDescription: loyaltyCards.rewardDescription,
      rewardValue: loyaltyCards.rewardValue,
      minStampIntervalMinutes: loyaltyCards.minStampIntervalMinutes,
      dailyStampCap: loyaltyCards.dailyStampCap,
      branchIds: loyaltyCards.branchIds,
      rewardExpiryDays: loyaltyCards.rewardExpiryDays,
      stockLeft: loyaltyCards.stockLeft,
      dealStartsAt: loyaltyCards.dealStartsAt,
      dealEndsAt: loyaltyCards.dealEndsAt,
      vendorName: vendors.businessName,
      vendorStatus: vendors.status,
      vendorClosedAt: vendors.closedAt,
      vendorIsDemo: vendors.isDemo,
      issuer: {
        id: issuingVendors.id,
        name: issuingVendors.businessName,
        status: issuingVendors.status,
        closedAt: issuingVendors.closedAt,
        subscriptionPlan: issuingVendors.subscriptionPlan,
        subscriptionStatus: issuingVendors.subscriptionStatus,
        maxStampsPerVisit: issuingVendors.maxStampsPerVisit,
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

export type StampContext = NonNullable<Awaited<ReturnType<typeof loadStampContext>>>;
