import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { qualified } from '@server/db/qualified';
import { vendors } from '@server/db/schema';

/**
 * The one rule of which vendors the public sees (SPEC.md section 4): approved, and not closed.
 * Qualified names and literal constants, as in cards/public-visibility.ts: a correlated subquery
 * stays correct and the planner matches the partial indexes.
 */
export function isPublicVendor(table: { status: AnyColumn; closedAt: AnyColumn } = vendors): SQL {
  return sql`(${qualified(table.status)} = 'approved' and ${qualified(table.closedAt)} is null)`;
}
