import { sql } from 'drizzle-orm';
import type { TopVendor } from '@shared/admin-dashboard';
import type { Executor } from '@server/db/client';
import { isPublicVendor } from '@server/modules/marketplace/public-visibility';
import { rows } from '@server/modules/vendor-analytics/sql-rows';

/**
 * The public vendors with the most customers (distinct people holding one of their cards), then
 * the most subscription revenue. One grouped pass over user_cards and payments: an admin screen
 * opened now and then, not a page every visitor loads.
 */
export async function listTopVendors(db: Executor, limit = 5): Promise<TopVendor[]> {
  const result = await rows<{
    id: string;
    name: string;
    slug: string;
    city: string;
    users: number | string;
    revenue: number | string;
  }>(
    db,
    sql`with "customer_counts" as (
          select "loyalty_cards"."vendor_id", count(distinct "user_cards"."user_id") as "users"
          from "user_cards" inner join "loyalty_cards" on "loyalty_cards"."id" = "user_cards"."card_id"
          group by "loyalty_cards"."vendor_id"
        ), "revenue" as (
          select "vendor_id", sum("amount") as "revenue" from "payments" where "status" = 'paid' group by "vendor_id"
        )
        select "vendors"."id", "vendors"."business_name" as "name", "vendors"."slug", "vendors"."city",
          coalesce("customer_counts"."users", 0)::int as "users", coalesce("revenue"."revenue", 0)::bigint as "revenue"
        from "vendors"
        left join "customer_counts" on "customer_counts"."vendor_id" = "vendors"."id"
        left join "revenue" on "revenue"."vendor_id" = "vendors"."id"
        where ${isPublicVendor()}
        order by "users" desc, "revenue" desc, "vendors"."business_name" asc
        limit ${limit}`,
  );
  return result.map((row) => ({ ...row, users: Number(row.users), revenue: Number(row.revenue) }));
}
