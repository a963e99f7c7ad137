import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminVendorListQuery,
  AdminVendorPage,
  AdminVendorRow,
  VendorFilters,
} from '@shared/vendors/admin-vendors';
import type { VendorCategory } from '@shared/places';
import { planFor } from '@shared/billing/plans';
import type { VendorStatus } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, payments, userCards, vendors } from '@server/db/schema';
import { ownerEmailOf } from '@server/modules/vendors/vendor-owner';
import { vendorFilterSql } from './vendor-filters';

/** Per-row figures as correlated subqueries: they run for the rows of one page only, on indexes. */
const rowColumns = {
  id: vendors.id,
  slug: vendors.slug,
  businessName: vendors.businessName,
  logo: vendors.logo,
  businessCategory: vendors.businessCategory,
  city: vendors.city,
  area: vendors.area,
  contactEmail: sql<string | null>`coalesce(${vendors.contactEmail}, ${ownerEmailOf(vendors.id)})`,
  plan: vendors.subscriptionPlan,
  subscriptionStatus: vendors.subscriptionStatus,
  status: vendors.status,
  activeCards: sql<number>`(select count(*)::int from ${loyaltyCards} where ${qualified(loyaltyCards.vendorId)} = ${qualified(vendors.id)} and ${qualified(loyaltyCards.status)} = 'active')`,
  users: sql<number>`(select count(distinct ${qualified(userCards.userId)})::int from ${userCards} inner join ${loyaltyCards} on ${qualified(loyaltyCards.id)} = ${qualified(userCards.cardId)} where ${qualified(loyaltyCards.vendorId)} = ${qualified(vendors.id)})`,
  revenue: sql<number>`(select coalesce(sum(${qualified(payments.amount)}), 0)::bigint from ${payments} where ${qualified(payments.vendorId)} = ${qualified(vendors.id)} and ${qualified(payments.status)} = 'paid')`,
  createdAt: vendors.createdAt,
};

type RawRow = { [Key in keyof typeof rowColumns]: unknown };

export function presentVendorRow(row: RawRow): AdminVendorRow {
  return {
    id: String(row.id),
    slug: String(row.slug),
    businessName: String(row.businessName),
    logo: String(row.logo),
    businessCategory: row.businessCategory as VendorCategory,
    city: String(row.city),
    area: String(row.area),
    contactEmail: (row.contactEmail as string | null) ?? null,
    plan: planFor(String(row.plan)).id,
    subscriptionStatus: String(row.subscriptionStatus),
    status: row.status as VendorStatus,
    activeCards: Number(row.activeCards),
    users: Number(row.users),
    revenue: Number(row.revenue),
    createdAt: (row.createdAt instanceof Date ? row.createdAt : new Date(String(row.createdAt))).toISOString(),
  };
}

/** One vendor as a table row, or null. */
export async function findVendorRow(db: Executor, vendorId: string): Promise<AdminVendorRow | null> {
  const [row] = await db.select(rowColumns).from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return row ? presentVendorRow(row) : null;
}

/**
 * Newest first, paged on the server. The page's ids are chosen first (an index scan on
 * created_at), so the per-row figures run for the rows shown, never for the rows an offset skips.
 */
export async function listAdminVendors(db: Executor, query: AdminVendorListQuery): Promise<AdminVendorPage> {
  const where = vendorFilterSql(query);
  const pageIds = db
    .select({ id: vendors.id })
    .from(vendors)
    .where(where)
    .orderBy(desc(vendors.createdAt), desc(vendors.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [page, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(vendors)
      .where(inArray(vendors.id, pageIds))
      .orderBy(desc(vendors.createdAt), desc(vendors.id)),
    db.select({ value: count() }).from(vendors).where(where),
  ]);
  return { vendors: page.map(presentVendorRow), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}

/**
 * Every vendor matching the filters, in batches, for the CSV export. Offsets are fine here: an
 * export runs through at most a few tens of thousands of rows, once, on an admin's click.
 */
export async function* allMatchingVendors(
  db: Executor,
  filters: VendorFilters,
  batchSize = 1000,
): AsyncGenerator<AdminVendorRow[]> {
  const where = vendorFilterSql(filters);
  for (let offset = 0; ; offset += batchSize) {
    const batch = await db
      .select(rowColumns)
      .from(vendors)
      .where(where)
      .orderBy(desc(vendors.createdAt), desc(vendors.id))
      .limit(batchSize)
      .offset(offset);
    if (batch.length > 0) yield batch.map(presentVendorRow);
    if (batch.length < batchSize) return;
  }
}
