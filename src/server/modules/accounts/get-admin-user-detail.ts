import { desc, eq, sql } from 'drizzle-orm';
import type { AdminUserDetail } from '@shared/accounts/admin-users';
import type { Executor } from '@server/db/client';
import { adminUsers, loyaltyCards, rewards, stamps, userCards, users, vendorMembers, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { presentUserRow, userRowColumns } from './list-admin-users';

const RECENT_LIMIT = 20;

/** One person: profile, the cards they hold, their latest stamps and their rewards. */
export async function getAdminUserDetail(db: Executor, userId: string): Promise<AdminUserDetail> {
  const [row] = await db
    .select(userRowColumns)
    .from(users)
    .leftJoin(vendorMembers, eq(vendorMembers.userId, users.id))
    .leftJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('User not found.');

  const [grant, cards, recentStamps, rewardList] = await Promise.all([
    db
      .select({ grantedBy: adminUsers.grantedBy })
      .from(adminUsers)
      .where(sql`${adminUsers.email} = lower(${row.email})`)
      .limit(1),
    db
      .select({
        id: userCards.id,
        cardName: loyaltyCards.name,
        vendorName: vendors.businessName,
        stampsCollected: userCards.stampsCollected,
        stampsRequired: loyaltyCards.stampsRequired,
        status: userCards.status,
        startedAt: userCards.startedAt,
      })
      .from(userCards)
      .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
      .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
      .where(eq(userCards.userId, userId))
      .orderBy(desc(userCards.createdAt))
      .limit(100),
    db
      .select({
        id: stamps.id,
        cardName: loyaltyCards.name,
        vendorName: vendors.businessName,
        issuedAt: stamps.issuedAt,
      })
      .from(stamps)
      .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
      .innerJoin(vendors, eq(vendors.id, stamps.vendorId))
      .where(eq(stamps.userId, userId))
      .orderBy(desc(stamps.issuedAt))
      .limit(RECENT_LIMIT),
    db
      .select({
        id: rewards.id,
        rewardTitle: rewards.rewardTitle,
        vendorName: vendors.businessName,
        rewardValue: rewards.rewardValue,
        status: rewards.status,
        earnedAt: rewards.earnedAt,
        redeemedAt: rewards.redeemedAt,
      })
      .from(rewards)
      .innerJoin(vendors, eq(vendors.id, rewards.vendorId))
      .where(eq(rewards.userId, userId))
      .orderBy(desc(rewards.earnedAt))
      .limit(RECENT_LIMIT),
  ]);

  return {
    ...presentUserRow(row),
    phone: row.phone,
    adminGrantedBy: row.isAdmin ? (grant[0]?.grantedBy ?? null) : null,
    userCards: cards.map((card) => ({ ...card, startedAt: card.startedAt.toISOString() })),
    recentStamps: recentStamps.map((stamp) => ({ ...stamp, issuedAt: stamp.issuedAt.toISOString() })),
    rewardList: rewardList.map((reward) => ({
      ...reward,
      earnedAt: reward.earnedAt.toISOString(),
      redeemedAt: reward.redeemedAt?.toISOString() ?? null,
    })),
  };
}
