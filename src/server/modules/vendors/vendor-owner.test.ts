import { describe, expect, it } from 'vitest';
import { vendors } from '@server/db/schema';
import { createVendor, signUpUser } from '@server/test/factories';
import { useTestApp } from '@server/test/build-test-app';
import { findVendorOwner, ownerEmailOf } from './vendor-owner';
import { eq } from 'drizzle-orm';

describe('the owner of a vendor', () => {
  const context = useTestApp();

  it('is the member with the owner role, never a staff member', async () => {
    const db = context.database.db;
    const owner = await signUpUser(context.app, { name: 'Bilal', surname: 'Ahmed' });
    const staff = await signUpUser(context.app);
    const vendor = await createVendor(db, { ownerUserId: staff.id, memberRole: 'staff' });
    expect(await findVendorOwner(db, vendor.id)).toBeNull();

    const owned = await createVendor(db, { ownerUserId: owner.id });
    expect(await findVendorOwner(db, owned.id)).toEqual({
      id: owner.id,
      email: owner.email,
      name: 'Bilal',
      surname: 'Ahmed',
    });
    const [row] = await db
      .select({ email: ownerEmailOf(vendors.id) })
      .from(vendors)
      .where(eq(vendors.id, owned.id));
    expect(row?.email).toBe(owner.email);
  });
});
