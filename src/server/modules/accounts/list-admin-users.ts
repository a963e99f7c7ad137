import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserListQuery, AdminUserPage, AdminUserRow } from '@shared/accounts/admin-users';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { rewards, stamps, userCards, users, vendorMembers, vendors } from '@server/db/schema';
import { hasAdminGrant } from '@server/viewer/load-viewer';
import { likePattern } from '@server/db/like-pattern';

/** Columns of a user row; the counts are correlated subqueries on the per-user indexes. */
export const userRowColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  email: users.email,
  city: users.city,
  phone: users.phone,
  verified: users.verified,
  isAdmin: hasAdminGrant,
  disabledAt: users.disabledAt,
  closedAt: users.closedAt,
  vendorId: vendorMembers.vendorId,
  vendorName: vendors.businessName,
  vendorRole: vendorMembers.role,
  cards: sql<number>`(select count(*)::int from ${userCards} where ${qualified(userCards.userId)} = ${qualified(users.id)})`,
  stamps: sql<number>`(select count(*)::int from ${stamps} where ${qualified(stamps.userId)} = ${qualified(users.id)})`,
  rewards: sql<number>`(select count(*)::int from ${rewards} where ${qualified(rewards.userId)} = ${qualified(users.id)})`,
  createdAt: users.createdAt,
};

type UserRow = {
  id: string;
  name: string;
  surname: string;
  email: string;
  city: string | null;
  verified: boolean;
  isAdmin: boolean;
  disabledAt: Date | null;
  closedAt: Date | null;
  vendorId: string | null;
  vendorName: string | null;
  vendorRole: string | null;
  cards: number;
  stamps: number;
  rewards: number;
  createdAt: Date;
};

export function presentUserRow(row: UserRow): AdminUserRow {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    city: row.city,
    verified: row.verified,
    isAdmin: Boolean(row.isAdmin),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    vendor: row.vendorId ? { id: row.vendorId, name: row.vendorName ?? '', role: row.vendorRole ?? 'staff' } : null,
    cards: Number(row.cards),
    stamps: Number(row.stamps),
    rewards: Number(row.rewards),
    createdAt: row.createdAt.toISOString(),
  };
}

function userFilterSql(query: AdminUserListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status === 'active') conditions.push(isNull(users.disabledAt));
  if (query.status === 'disabled') conditions.push(isNotNull(users.disabledAt));
  if (query.status === 'admins') conditions.push(hasAdminGrant);
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(users.surname, pattern),
        sql`(${users.name} || ' ' || ${users.surname}) ilike ${pattern}`,
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Newest sign-ups first, searched by name or e-mail, paged on the server. The page's ids are
 * chosen first, so the per-user counts run for the rows shown, not for every row an offset skips.
 */
export async function listAdminUsers(db: Executor, query: AdminUserListQuery): Promise<AdminUserPage> {
  const where = userFilterSql(query);
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [page, [total]] = await Promise.all([
    db
      .select(userRowColumns)
      .from(users)
      .leftJoin(vendorMembers, eq(vendorMembers.userId, users.id))
      .leftJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
      .where(inArray(users.id, pageIds))
      .orderBy(desc(users.createdAt), desc(users.id)),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { users: page.map(presentUserRow), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}
