import { Column, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { users, vendorMembers } from '@server/db/schema';

export interface VendorOwner {
  id: string;
  email: string;
  name: string;
  surname: string;
}

/**
 * The one home of "the owner of a vendor": the vendor_members row of that vendor with the owner
 * role (a vendor has exactly one). `vendorId` is a value or a column, e.g. `vendors.id`.
 */
export function isOwnerMembershipOf(vendorId: SQLWrapper | string): SQL {
  return sql`(${qualified(vendorMembers.vendorId)} = ${vendorIdSql(vendorId)} and ${qualified(vendorMembers.role)} = 'owner')`;
}

/** A column is written qualified (correlated subqueries need it); a value is a parameter. */
function vendorIdSql(vendorId: SQLWrapper | string): SQLWrapper | string {
  return vendorId instanceof Column ? qualified(vendorId) : vendorId;
}

/** The owner's account e-mail of the vendor in `vendorId` (a value or a column), as a subquery. */
export function ownerEmailOf(vendorId: SQLWrapper | string): SQL<string | null> {
  return sql<
    string | null
  >`(select ${qualified(users.email)} from ${vendorMembers} inner join ${users} on ${qualified(users.id)} = ${qualified(vendorMembers.userId)} where ${isOwnerMembershipOf(vendorId)} limit 1)`;
}

/** The owner account of a vendor: whom admin decisions are e-mailed to, and whom admins see. */
export async function findVendorOwner(db: Executor, vendorId: string): Promise<VendorOwner | null> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, name: users.name, surname: users.surname })
    .from(vendorMembers)
    .innerJoin(users, eq(users.id, vendorMembers.userId))
    .where(isOwnerMembershipOf(vendorId))
    .limit(1);
  return owner ?? null;
}
