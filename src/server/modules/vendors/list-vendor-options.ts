import { and, asc, eq, ilike } from 'drizzle-orm';
import type { VendorOption } from '@shared/platform/admin-dashboard';
import type { PlanId } from '@shared/billing/plans';
import type { Executor } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { likePattern } from '@server/db/like-pattern';

const OPTION_LIMIT = 50;

/** Approved vendors to pick in a form, by name; a search narrows a long list. */
export async function listVendorOptions(
  db: Executor,
  query: { search?: string; plan?: PlanId },
): Promise<VendorOption[]> {
  const rows = await db
    .select({ id: vendors.id, name: vendors.businessName, city: vendors.city, plan: vendors.subscriptionPlan })
    .from(vendors)
    .where(
      and(
        isPublicVendor(),
        query.plan ? eq(vendors.subscriptionPlan, query.plan) : undefined,
        query.search ? ilike(vendors.businessName, likePattern(query.search)) : undefined,
      ),
    )
    .orderBy(asc(vendors.businessName), asc(vendors.id))
    .limit(OPTION_LIMIT);
  return rows;
}
