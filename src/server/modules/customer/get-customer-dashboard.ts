import { acceptedPartnersOf } from '@server/modules/partner-cards/partnerships';
import { desc, eq, sql } from 'drizzle-orm';
import type { CustomerDashboard, DashboardCard } from '@shared/customer';
import type { Executor } from '@server/db/client';
import { loyaltyCards, rewards, stamps, userCards, users, vendorMembers, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { serverText } from '@server/lib/texts';

async function loadStats(db: Executor, userId: string): Promise<CustomerDashboard['stats']> {
  const [row] = await db
    .select({
      activeCards: sql<number>`(select count(*)::int from ${userCards} where ${userCards.userId} = ${userId} and ${userCards.status} = 'active')`,
      totalStamps: sql<number>`(select count(*)::int from ${stamps} where ${stamps.userId} = ${userId})`,
      rewardsEarned: sql<number>`(select count(*)::int from ${rewards} where ${rewards.userId} = ${userId})`,
      valueSaved: sql<number>`(select coalesce(sum(${rewards.rewardValue}), 0)::int from ${rewards} where ${rewards.userId} = ${userId})`,
      valueRedeemed: sql<number>`(select coalesce(sum(${rewards.rewardValue}), 0)::int from ${rewards} where ${rewards.userId} = ${userId} and ${rewards.status} = 'redeemed')`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { activeCards: 0, totalStamps: 0, rewardsEarned: 0, valueSaved: 0, valueRedeemed: 0 };
}

async function loadCards(db: Executor, userId: string, now: Date): Promise<DashboardCard[]> {
  const rows = await db
    .select({
      id: userCards.id,
      cardId: loyaltyCards.id,
      name: loyaltyCards.name,
      description: loyaltyCards.description,
      cardType: loyaltyCards.cardType,
      cardStatus: loyaltyCards.status,
      rewardTitle: loyaltyCards.rewardTitle,
      rewardValue: loyaltyCards.rewardValue,
      minStampIntervalMinutes: loyaltyCards.minStampIntervalMinutes,
      stampsCollected: userCards.stampsCollected,
      stampsRequired: loyaltyCards.stampsRequired,
      status: userCards.status,
      isSample: userCards.isSample,
      startedAt: userCards.startedAt,
      completedAt: userCards.completedAt,
      lastStampAt: userCards.lastStampAt,
      // Narrowed to the customer's own rewards so it reads rewards_user_idx, not every reward of the platform.
      rewardId: sql<
        string | null
      >`(select ${rewards.id} from ${rewards} where ${rewards.userId} = ${userId} and ${rewards.userCardId} = ${userCards.id} and ${rewards.status} = 'earned' order by ${rewards.earnedAt} desc limit 1)`,
      rewardExpiresAt: sql<
        string | Date | null
      >`(select ${rewards.expiresAt} from ${rewards} where ${rewards.userId} = ${userId} and ${rewards.userCardId} = ${userCards.id} and ${rewards.status} = 'earned' order by ${rewards.earnedAt} desc limit 1)`,
      vendorId: vendors.id,
      vendorName: vendors.businessName,
      vendorLogo: vendors.logo,
      vendorSlug: vendors.slug,
      vendorCity: vendors.city,
    })
    .from(userCards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(eq(userCards.userId, userId))
    // Rewards waiting to be redeemed first, then the cards used most recently.
    .orderBy(
      sql`case when ${userCards.status} = 'completed' then 0 else 1 end`,
      sql`${userCards.lastStampAt} desc nulls last`,
      desc(userCards.createdAt),
    )
    .limit(500);
  const partners = await acceptedPartnersOf(
    db,
    rows.map((row) => row.cardId),
  );
  return rows.map((row) => {
    const nextStamp =
      row.lastStampAt && row.minStampIntervalMinutes > 0
        ? new Date(row.lastStampAt.getTime() + row.minStampIntervalMinutes * 60_000)
        : null;
    return {
      id: row.id,
      cardId: row.cardId,
      name: row.name,
      description: row.description,
      cardType: row.cardType,
      cardStatus: row.cardStatus,
      rewardTitle: row.rewardTitle,
      rewardValue: row.rewardValue,
      stampsCollected: row.stampsCollected,
      stampsRequired: row.stampsRequired,
      status: row.status as DashboardCard['status'],
      isSample: row.isSample,
      startedAt: row.startedAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      lastStampAt: row.lastStampAt?.toISOString() ?? null,
      nextStampAt: nextStamp && nextStamp > now ? nextStamp.toISOString() : null,
      rewardId: row.rewardId,
      rewardExpiresAt: row.rewardExpiresAt ? new Date(row.rewardExpiresAt).toISOString() : null,
      vendor: {
        id: row.vendorId,
        name: row.vendorName,
        logo: row.vendorLogo,
        slug: row.vendorSlug,
        city: row.vendorCity,
      },
      partners: (partners.get(row.cardId) ?? []).map((partner) => ({ name: partner.businessName, slug: partner.slug })),
    };
  });
}

async function loadVendorApplication(db: Executor, userId: string): Promise<CustomerDashboard['vendorApplication']> {
  const [row] = await db
    .select({
      vendorId: vendors.id,
      businessName: vendors.businessName,
      role: vendorMembers.role,
      status: vendors.status,
      rejectionReason: vendors.rejectionReason,
      appliedAt: vendors.createdAt,
    })
    .from(vendorMembers)
    .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(eq(vendorMembers.userId, userId))
    .limit(1);
  if (!row) return null;
  return {
    vendorId: row.vendorId,
    businessName: row.businessName,
    role: row.role as 'owner' | 'staff',
    status: row.status as 'pending' | 'approved' | 'rejected' | 'suspended',
    rejectionReason: row.rejectionReason,
    appliedAt: row.appliedAt.toISOString(),
  };
}

/** Everything /user shows, in one call. */
export async function getCustomerDashboard(
  db: Executor,
  userId: string,
  options: { demoMode: boolean; now: Date },
): Promise<CustomerDashboard> {
  const now = options.now;
  const [account] = await db
    .select({
      email: users.email,
      name: users.name,
      surname: users.surname,
      city: users.city,
      phone: users.phone,
      verified: users.verified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw notFound('Account not found');
  const [stats, cards, vendorApplication] = await Promise.all([
    loadStats(db, userId),
    loadCards(db, userId, now),
    loadVendorApplication(db, userId),
  ]);
  return {
    account: {
      ...account,
      verificationStatus: serverText(
        account.verified ? 'customer:account.verified' : 'customer:account.pendingVerification',
      ),
    },
    stats,
    cards,
    vendorApplication,
    demo: {
      enabled: options.demoMode,
      sampleCardsAvailable: options.demoMode && cards.length === 0,
      hasSampleCards: cards.some((card) => card.isSample),
    },
  };
}
