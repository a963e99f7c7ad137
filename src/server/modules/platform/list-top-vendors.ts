import { sql } from 'drizzle-orm';
import type { TopVendor } from '@shared/platform/admin-dashboard';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, payments, userCards, vendors } from '@server/db/schema';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { rows } from '@server/db/sql-rows';

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
          select ${qualified(loyaltyCards.vendorId)}, count(distinct ${qualified(userCards.userId)}) as "users"
          from ${userCards} inner join ${loyaltyCards} on ${qualified(loyaltyCards.id)} = ${qualified(userCards.cardId)}
          group by ${qualified(loyaltyCards.vendorId)}
        ), "revenue" as (
          select ${qualified(payments.vendorId)}, sum(${qualified(payments.amount)}) as "revenue" from ${payments} where ${qualified(payments.status)} = 'paid' group by ${qualified(payments.vendorId)}
        )
        select ${qualified(vendors.id)}, ${qualified(vendors.businessName)} as "name", ${qualified(vendors.slug)}, ${qualified(vendors.city)},
          coalesce("customer_counts"."users", 0)::int as "users", coalesce("revenue"."revenue", 0)::bigint as "revenue"
        from ${vendors}
        left join "customer_counts" on "customer_counts"."vendor_id" = ${qualified(vendors.id)}
        left join "revenue" on "revenue"."vendor_id" = ${qualified(vendors.id)}
        where ${isPublicVendor()}
        order by "users" desc, "revenue" desc, ${qualified(vendors.businessName)} asc
        limit ${limit}`,
  );
  return result.map((row) => ({ ...row, users: Number(row.users), revenue: Number(row.revenue) }));
}
