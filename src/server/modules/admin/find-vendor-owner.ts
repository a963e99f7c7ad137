import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, vendorMembers } from '../../db/schema';

export interface VendorOwner {
  id: string;
  email: string;
  name: string;
}

/** The owner account of a vendor, whom admin decisions are e-mailed to. */
export async function findVendorOwner(db: Executor, vendorId: string): Promise<VendorOwner | null> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(vendorMembers)
    .innerJoin(users, eq(users.id, vendorMembers.userId))
    .where(sql`${vendorMembers.vendorId} = ${vendorId} and ${vendorMembers.role} = 'owner'`)
    .limit(1);
  return owner ?? null;
}
