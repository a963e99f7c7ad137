import { sql, type SQL } from 'drizzle-orm';
import { dealIsListed } from '@server/modules/cards/deal-availability';

/*
 * The one rule of what the public sees (SPEC.md section 4): approved vendors that have not closed
 * their account, and their active cards whose deal (if any) has not ended.
 *
 * Written as SQL with qualified names on purpose: drizzle leaves the table name off columns in
 * single-table queries, which would make a correlated subquery compare a table with itself, and
 * literal constants (not parameters) let the planner match the partial indexes. The time a deal
 * is compared with is the app clock's, passed in, so every server and test agrees on "ended".
 */

export function isPublicVendor(table = 'vendors'): SQL {
  return sql.raw(`("${table}"."status" = 'approved' and "${table}"."closed_at" is null)`);
}

export function isPublicCard(now: Date, table = 'loyalty_cards'): SQL {
  return sql`(${sql.raw(`"${table}"."status" = 'active'`)} and ${dealIsListed(now, table)})`;
}

/** The public cards of the vendor row of the outer query, as a correlated count. */
export function publicCardCountOfVendor(now: Date): SQL<number> {
  return sql<number>`(select count(*)::int from "loyalty_cards" as "public_card" where "public_card"."vendor_id" = "vendors"."id" and ${isPublicCard(now, 'public_card')})`;
}
