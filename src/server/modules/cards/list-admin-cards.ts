import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCardListQuery, AdminCardPage, AdminCardRow } from '@shared/cards/admin-cards';
import type { CardStatus, CardType } from '@shared/cards/cards';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, userCards, vendors } from '@server/db/schema';
import { likePattern } from '@server/db/like-pattern';

const cardColumns = {
  id: loyaltyCards.id,
  name: loyaltyCards.name,
  cardType: loyaltyCards.cardType,
  status: loyaltyCards.status,
  vendorId: vendors.id,
  vendorName: vendors.businessName,
  vendorSlug: vendors.slug,
  vendorStatus: vendors.status,
  stampsRequired: loyaltyCards.stampsRequired,
  rewardTitle: loyaltyCards.rewardTitle,
  rewardValue: loyaltyCards.rewardValue,
  users: sql<number>`(select count(*)::int from ${userCards} where ${qualified(userCards.cardId)} = ${qualified(loyaltyCards.id)})`,
  dealPrice: loyaltyCards.dealPrice,
  originalPrice: loyaltyCards.originalPrice,
  stockLeft: loyaltyCards.stockLeft,
  dealEndsAt: loyaltyCards.dealEndsAt,
  featuredOrder: loyaltyCards.featuredOrder,
  moderationReason: loyaltyCards.moderationReason,
  createdAt: loyaltyCards.createdAt,
};

interface CardRow {
  id: string;
  name: string;
  cardType: string;
  status: string;
  vendorId: string;
  vendorName: string;
  vendorSlug: string;
  vendorStatus: string;
  stampsRequired: number;
  rewardTitle: string;
  rewardValue: number;
  users: number;
  dealPrice: number | null;
  originalPrice: number | null;
  stockLeft: number | null;
  dealEndsAt: Date | null;
  featuredOrder: number | null;
  moderationReason: string | null;
  createdAt: Date;
}

function presentCardRow(row: CardRow): AdminCardRow {
  return {
    id: row.id,
    name: row.name,
    cardType: row.cardType as CardType,
    status: row.status as CardStatus,
    vendor: { id: row.vendorId, name: row.vendorName, slug: row.vendorSlug, status: row.vendorStatus },
    stampsRequired: row.stampsRequired,
    rewardTitle: row.rewardTitle,
    rewardValue: row.rewardValue,
    users: Number(row.users),
    dealPrice: row.dealPrice,
    originalPrice: row.originalPrice,
    stockLeft: row.stockLeft,
    dealEndsAt: row.dealEndsAt?.toISOString() ?? null,
    featuredOrder: row.featuredOrder,
    moderationReason: row.moderationReason,
    createdAt: row.createdAt.toISOString(),
  };
}

function cardFilterSql(query: AdminCardListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(loyaltyCards.status, query.status));
  if (query.type !== 'all') conditions.push(eq(loyaltyCards.cardType, query.type));
  if (query.vendorId) conditions.push(eq(loyaltyCards.vendorId, query.vendorId));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(loyaltyCards.name, pattern),
        ilike(vendors.businessName, pattern),
        ilike(loyaltyCards.rewardTitle, pattern),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The page's ids are chosen first, so holder counts and vendor lookups run for the rows shown only. */
async function pageOf(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  pageSize: number,
): Promise<AdminCardPage> {
  const pageIds = db
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(loyaltyCards)
      .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
      .where(inArray(loyaltyCards.id, pageIds))
      .orderBy(...order),
    db
      .select({ value: count() })
      .from(loyaltyCards)
      .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
      .where(where),
  ]);
  return { cards: rows.map(presentCardRow), page, pageSize, total: total?.value ?? 0 };
}

/** Every card on the platform, newest first, with the filters of Cards Management. */
export function listAdminCards(db: Executor, query: AdminCardListQuery): Promise<AdminCardPage> {
  return pageOf(
    db,
    cardFilterSql(query),
    [desc(loyaltyCards.createdAt), desc(loyaltyCards.id)],
    query.page,
    query.pageSize,
  );
}

export const FEATURABLE_TYPES = ['daily_chaska', 'exclusive'] as const;

/** Daily Chaska and exclusive cards (not removed): featured ones first in their order, then newest. */
export function listExclusiveCards(
  db: Executor,
  query: { type: 'all' | 'daily_chaska' | 'exclusive'; page: number; pageSize: number },
) {
  const where = and(
    query.type === 'all'
      ? inArray(loyaltyCards.cardType, [...FEATURABLE_TYPES])
      : eq(loyaltyCards.cardType, query.type),
    ne(loyaltyCards.status, 'archived'),
  );
  return pageOf(
    db,
    where,
    [sql`${loyaltyCards.featuredOrder} asc nulls last`, desc(loyaltyCards.createdAt), asc(loyaltyCards.id)],
    query.page,
    query.pageSize,
  );
}
