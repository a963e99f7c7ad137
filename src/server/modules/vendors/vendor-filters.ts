import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { categoriesMatching, type VendorFilters } from '@shared/vendors/admin-vendors';
import { users, vendorMembers, vendors } from '@server/db/schema';
import { likePattern } from '@server/db/like-pattern';
import { isOwnerMembershipOf } from './vendor-owner';

/**
 * The search box (name, e-mail or category) and the three filters of Vendors Management, shared
 * by the table and its CSV export so the file holds exactly what the table shows.
 */
export function vendorFilterSql(filters: VendorFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status !== 'all') conditions.push(eq(vendors.status, filters.status));
  if (filters.category !== 'all') conditions.push(eq(vendors.businessCategory, filters.category));
  if (filters.plan !== 'all') conditions.push(eq(vendors.subscriptionPlan, filters.plan));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    const categories = categoriesMatching(filters.search);
    const ownerEmailMatches = sql`exists (select 1 from ${vendorMembers} inner join ${users} on ${users.id} = ${vendorMembers.userId}
      where ${isOwnerMembershipOf(vendors.id)} and ${users.email} ilike ${pattern})`;
    conditions.push(
      or(
        ilike(vendors.businessName, pattern),
        ilike(vendors.contactEmail, pattern),
        ownerEmailMatches,
        ...(categories.length ? [inArray(vendors.businessCategory, categories)] : []),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}
