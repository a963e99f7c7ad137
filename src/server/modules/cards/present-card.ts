import { completionPercent, type VendorCard } from '@shared/cards/vendor-cards';
import type { loyaltyCards } from '@server/db/schema';
import type { CardHolderStats } from './card-stats';

export type CardRow = typeof loyaltyCards.$inferSelect;

export function presentVendorCard(card: CardRow, stats: CardHolderStats = { users: 0, completedUsers: 0 }): VendorCard {
  return {
    id: card.id,
    name: card.name,
    description: card.description,
    cardType: card.cardType,
    status: card.status,
    earnKind: card.earnKind,
    stampsRequired: card.stampsRequired,
    pointsPer100Pkr: card.pointsPer100Pkr,
    minBillPkr: card.minBillPkr,
    maxItemsPerVisit: card.maxItemsPerVisit,
    headStartStamps: card.headStartStamps,
    milestones: card.milestones,
    tiers: card.tiers ?? null,
    rewardTitle: card.rewardTitle,
    rewardDescription: card.rewardDescription,
    rewardValue: card.rewardValue,
    minStampIntervalMinutes: card.minStampIntervalMinutes,
    dailyStampCap: card.dailyStampCap,
    rewardExpiryDays: card.rewardExpiryDays,
    dealPrice: card.dealPrice,
    originalPrice: card.originalPrice,
    stockLeft: card.stockLeft,
    dealEndsAt: card.dealEndsAt?.toISOString() ?? null,
    dealStartsAt: card.dealStartsAt?.toISOString() ?? null,
    membershipFeeYearly: card.membershipFeeYearly,
    branchIds: card.branchIds,
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
    users: stats.users,
    completedUsers: stats.completedUsers,
    completionRate: completionPercent(stats.completedUsers, stats.users),
  };
}
