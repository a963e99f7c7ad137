import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, vendors } from '@server/db/schema';
import { dealIsListed } from './deal-availability';

/*
 * The one rule of which cards the public sees (SPEC.md section 4): active cards whose deal (if
 * any) is on (deal-availability.ts `dealIsListed`), of a public vendor (vendors/public-vendor.ts).
 *
 * Written as SQL with qualified names on purpose (`qualified`): drizzle leaves the table name off
 * columns in single-table queries, which would make a correlated subquery compare a table with
 * itself, and literal constants (not parameters) let the planner match the partial indexes. The time a deal
 * is compared with is the app clock's, passed in, so every server and test agrees on "ended".
 */

export function isPublicCard(
  now: Date | SQL,
  table: { status: AnyColumn; dealStartsAt: AnyColumn; dealEndsAt: AnyColumn; stockLeft: AnyColumn } = loyaltyCards,
): SQL {
  return sql`(${qualified(table.status)} = 'active' and ${dealIsListed(now, table)})`;
}

const publicCard = alias(loyaltyCards, 'public_card');

/** The public cards of the vendor row of the outer query, as a correlated count. */
export function publicCardCountOfVendor(now: Date | SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${loyaltyCards} as ${publicCard} where ${qualified(publicCard.vendorId)} = ${qualified(vendors.id)} and ${isPublicCard(now, publicCard)})`;
}
