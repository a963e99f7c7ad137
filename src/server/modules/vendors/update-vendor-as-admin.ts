import { eq } from 'drizzle-orm';
import type { AdminVendorEdit } from '@shared/vendors/admin-vendors';
import { withWebScheme } from '@shared/vendors/vendors';
import type { Database } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';

/** An admin corrects a vendor's profile; the audit entry names the fields that changed. */
export async function updateVendorAsAdmin(
  db: Database,
  { vendorId, actor, edit: input }: { vendorId: string; actor: AuditActor; edit: AdminVendorEdit },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
    if (!current) throw notFound('Vendor not found.');
    const next = {
      businessName: input.businessName,
      businessCategory: input.businessCategory,
      businessDescription: input.businessDescription || null,
      website: withWebScheme(input.website) || null,
      contactPerson: input.contactPerson || null,
      contactEmail: input.contactEmail ? input.contactEmail.toLowerCase() : null,
      phone: input.phone,
      whatsapp: input.whatsapp || null,
      address: input.address,
      city: input.city,
      area: input.area,
    };
    const changed = Object.entries(next)
      .filter(([key, value]) => (current[key as keyof typeof current] ?? null) !== value)
      .map(([key]) => key);
    if (changed.length > 0) {
      await tx
        .update(vendors)
        .set({ ...next, updatedAt: now })
        .where(eq(vendors.id, vendorId));
      await recordAudit(tx, {
        actor,
        action: 'vendor.admin_update',
        targetType: 'vendor',
        targetId: vendorId,
        vendorId,
        metadata: { businessName: next.businessName, changed },
      });
    }
    return { changed };
  });
}
