import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { tierStanding, type EarnKind, type Tier, type TierRule } from '@shared/cards/earn-rules';
import type { City } from '@shared/places';
import { CITY_CENTRES, distanceKm } from '@shared/vendors/branches';
import type { Executor } from '@server/db/client';
import { branches, loyaltyCards, rewards, userCards, users, vendors, walletPasses } from '@server/db/schema';
import { notFound } from '@server/errors';
import { deriveKey, sameSecret, sign } from '@server/lib/signing';
import { serverText } from '@server/lib/texts';
import { stampCodeKey, walletPassCode } from '@server/modules/stamps/stamp-codes';
import { acceptedPartnersOf } from '@server/modules/cards/partnerships';
import { rewardShownAs } from '@server/modules/rewards/reward-status-sql';
import { vendorPlanHas } from '@server/modules/billing/plan-limits-for-vendor';

/** Apple shows a pass on the lock screen near at most ten places. */
export const MAX_PASS_LOCATIONS = 10;

export interface PassLocation {
  latitude: number;
  longitude: number;
  vendorName: string;
}

/**
 * The pass's authentication token (Apple's `ApplePass <token>`): derived from the pass id under a
 * key of its own, so it is never stored and a leaked database does not hold it.
 */
export function passAuthToken(sessionSecret: string, passId: string): string {
  return sign(deriveKey(sessionSecret, 'wallet-pass-tokens'), passId);
}

export function isPassAuthToken(sessionSecret: string, passId: string, token: string): boolean {
  return sameSecret(passAuthToken(sessionSecret, passId), token);
}

/**
 * The customer's pass for one of their held cards, made on first request. Another customer's
 * card looks exactly like one that does not exist.
 */
export async function ensureWalletPass(
  db: Executor,
  { userId, userCardId }: { userId: string; userCardId: string },
  now: Date,
  options: { googleLinked?: boolean } = {},
): Promise<{ id: string }> {
  const [held] = await db
    .select({ id: userCards.id })
    .from(userCards)
    .where(and(eq(userCards.id, userCardId), eq(userCards.userId, userId)))
    .limit(1);
  if (!held) throw notFound(serverText('customer:wallet.cardNotFound'));
  const [pass] = await db
    .insert(walletPasses)
    .values({ userId, userCardId, googleLinked: options.googleLinked ?? false, updatedAt: now, createdAt: now })
    .onConflictDoUpdate({
      target: walletPasses.userCardId,
      set: options.googleLinked ? { googleLinked: true } : { userId: sql`${walletPasses.userId}` },
    })
    .returning({ id: walletPasses.id });
  return pass!;
}

/** Everything a pass shows, Apple's and Google's alike. */
export interface PassContent {
  passId: string;
  userId: string;
  userCardId: string;
  customerName: string;
  cardId: string;
  cardName: string;
  vendorName: string;
  vendorSlug: string;
  vendorAddress: string;
  vendorCity: string;
  stampsCollected: number;
  stampsRequired: number;
  /** A points card's pass shows its balance, not stamps of a round (decision 085). */
  earnKind: EarnKind;
  rewardTitle: string;
  rewardDescription: string;
  /** An earned reward, not yet expired, waits at the counter. */
  rewardReady: boolean;
  /**
   * The customer's level on a tiered card whose shop's plan has tiers (decision 087), as their
   * dashboard shows it: null without tiers; `level` null below the first level.
   */
  tier: { level: Tier | null } | null;
  /** The pins of the shops that honour the card (the owner first, then its partners) that have one. */
  locations: PassLocation[];
  /** The customer's code as the barcode: staff scan it like My QR. */
  barcode: string;
  googleLinked: boolean;
  updatedAt: Date;
}

export async function loadPassContent(
  db: Executor,
  sessionSecret: string,
  where: { passId: string } | { userCardId: string },
  now: Date,
): Promise<PassContent | null> {
  const [row] = await db
    .select({
      passId: walletPasses.id,
      userId: walletPasses.userId,
      userCardId: walletPasses.userCardId,
      googleLinked: walletPasses.googleLinked,
      updatedAt: walletPasses.updatedAt,
      createdAt: walletPasses.createdAt,
      customerName: users.name,
      cardId: loyaltyCards.id,
      cardName: loyaltyCards.name,
      vendorName: vendors.businessName,
      vendorSlug: vendors.slug,
      vendorAddress: vendors.address,
      vendorCity: vendors.city,
      vendorId: vendors.id,
      customerCity: users.city,
      stampsCollected: userCards.stampsCollected,
      stampsRequired: loyaltyCards.stampsRequired,
      earnKind: loyaltyCards.earnKind,
      rewardTitle: loyaltyCards.rewardTitle,
      rewardDescription: loyaltyCards.rewardDescription,
      tiers: loyaltyCards.tiers,
      tiersOn: sql<boolean>`${vendorPlanHas('tiers')}`,
      tierLevel: userCards.tierLevel,
      tierCount: userCards.tierCount,
      rewardReady: sql<boolean>`exists (select 1 from ${rewards} where ${rewards.userCardId} = ${userCards.id} and ${rewardShownAs(rewards, 'earned', now)})`,
    })
    .from(walletPasses)
    .innerJoin(userCards, eq(userCards.id, walletPasses.userCardId))
    .innerJoin(users, eq(users.id, walletPasses.userId))
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where('passId' in where ? eq(walletPasses.id, where.passId) : eq(walletPasses.userCardId, where.userCardId))
    .limit(1);
  if (!row) return null;
  const { createdAt, vendorId, customerCity, tiers, tiersOn, tierLevel, tierCount, ...content } = row;
  const standing = tiersOn ? tierStanding(tiers as TierRule | null, tierLevel, tierCount) : null;
  return {
    ...content,
    tier: standing ? { level: standing.level } : null,
    rewardReady: Boolean(row.rewardReady),
    locations: await shopLocations(db, vendorId, content.cardId, customerCity),
    barcode: walletPassCode(stampCodeKey(sessionSecret), { userId: row.userId, passId: row.passId, createdAt }),
  };
}

/**
 * The pins of every open branch of the shops that honour the card (decision 084): the owner's
 * (its main branch, the vendor's own pin, first) and its accepted partners'; nearest to the
 * customer's city first when it is known, at most Apple's ten. Never a city's centre.
 */
async function shopLocations(
  db: Executor,
  ownerId: string,
  cardId: string,
  customerCity: string | null,
): Promise<PassLocation[]> {
  const partnerIds = (await acceptedPartnersOf(db, [cardId])).get(cardId)?.map((partner) => partner.vendorId) ?? [];
  const vendorIds = [ownerId, ...partnerIds];
  const rows = await db
    .select({
      vendorId: branches.vendorId,
      vendorName: vendors.businessName,
      branchName: branches.name,
      isMain: branches.isMain,
      latitude: branches.latitude,
      longitude: branches.longitude,
    })
    .from(branches)
    .innerJoin(vendors, eq(vendors.id, branches.vendorId))
    .where(
      and(
        inArray(branches.vendorId, vendorIds),
        eq(branches.status, 'active'),
        isNull(branches.archivedAt),
        isNotNull(branches.latitude),
        isNotNull(branches.longitude),
      ),
    )
    .orderBy(desc(branches.isMain), asc(branches.createdAt), asc(branches.id));
  const pinned = rows
    .map((row) => ({
      order: vendorIds.indexOf(row.vendorId),
      // A chain's other shops are named with their branch: "Chai Khana, DHA Phase 5".
      vendorName: row.isMain ? row.vendorName : `${row.vendorName}, ${row.branchName}`,
      latitude: row.latitude!,
      longitude: row.longitude!,
    }))
    .sort((a, b) => a.order - b.order);
  const centre = customerCity ? CITY_CENTRES[customerCity as City] : undefined;
  if (centre) pinned.sort((a, b) => distanceKm(centre, a) - distanceKm(centre, b));
  return pinned.slice(0, MAX_PASS_LOCATIONS).map(({ vendorName, latitude, longitude }) => ({
    vendorName,
    latitude,
    longitude,
  }));
}

/** The pass's count, as both wallets show it: "4 / 10" stamps, or a points card's balance. */
export function passCount(content: Pick<PassContent, 'earnKind' | 'stampsCollected' | 'stampsRequired'>): {
  labelKey: 'customer:wallet.pass.stamps' | 'customer:wallet.pass.points';
  value: string;
} {
  return content.earnKind === 'points'
    ? { labelKey: 'customer:wallet.pass.points', value: String(content.stampsCollected) }
    : { labelKey: 'customer:wallet.pass.stamps', value: `${content.stampsCollected} / ${content.stampsRequired}` };
}

/** The pass's level line (decision 087): "Silver (1.25×)", or "No level yet"; null on a card without tiers. */
export function passLevel(content: Pick<PassContent, 'tier'>): {
  key: 'customer:wallet.pass.levelValue' | 'customer:card.tierNoLevel';
  values?: { level: string; multiplier: number };
} | null {
  if (!content.tier) return null;
  const { level } = content.tier;
  return level
    ? { key: 'customer:wallet.pass.levelValue', values: { level: level.name, multiplier: level.multiplier } }
    : { key: 'customer:card.tierNoLevel' };
}
