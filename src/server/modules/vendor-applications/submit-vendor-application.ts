import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { VendorApplication } from '../../../shared/marketplace';
import { ALREADY_VENDOR_MESSAGE, CATEGORY_LOGOS } from '../../../shared/marketplace-display';
import { DEFAULT_PLAN_ID, planFor } from '../../../shared/plans';
import { slugify } from '../../../shared/slug';
import type { Database, Transaction } from '../../db/client';
import { users, vendorMembers, vendors } from '../../db/schema';
import { conflict } from '../../errors';
import { recordAudit } from '../audit/record-audit';

type NewVendor = typeof vendors.$inferInsert;

/** Candidates for a readable address: "butt-karahi-lahore", then -2 ... -5, then random tails. */
function slugCandidates(base: string): string[] {
  const numbered = [2, 3, 4, 5].map((n) => `${base}-${n}`);
  const random = Array.from({ length: 5 }, () => `${base}-${randomBytes(3).toString('hex')}`);
  return [base, ...numbered, ...random];
}

/** Inserts with the first free slug; ON CONFLICT keeps a taken slug from aborting the transaction. */
async function insertWithUniqueSlug(tx: Transaction, values: Omit<NewVendor, 'slug'>, base: string) {
  for (const slug of slugCandidates(base)) {
    const [row] = await tx
      .insert(vendors)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: vendors.slug })
      .returning({ id: vendors.id, slug: vendors.slug, status: vendors.status });
    if (row) return row;
  }
  throw new Error(`No free vendor slug for ${base}`);
}

/**
 * SPEC.md "Vendor application form": a pending vendor on the starter plan (inactive until paid)
 * owned by the applicant, in one transaction. The applicant's user row is locked first, so two
 * submissions at once cannot create two vendors for one account.
 */
export async function submitVendorApplication(db: Database, applicant: { userId: string; email: string }, input: VendorApplication) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, applicant.userId)).for('update');
    const [existing] = await tx
      .select({ vendorId: vendorMembers.vendorId })
      .from(vendorMembers)
      .where(eq(vendorMembers.userId, applicant.userId))
      .limit(1);
    if (existing) throw conflict(ALREADY_VENDOR_MESSAGE, 'already_vendor');

    const plan = planFor(DEFAULT_PLAN_ID);
    const vendor = await insertWithUniqueSlug(
      tx,
      {
        businessName: input.business_name,
        businessCategory: input.business_category,
        businessDescription: input.business_description || null,
        logo: CATEGORY_LOGOS[input.business_category],
        address: input.address,
        city: input.city,
        area: input.area,
        phone: input.phone,
        whatsapp: input.whatsapp || null,
        website: input.website || null,
        // Kept as the vendor's first contact so the admin review can reach the owner.
        contactPerson: input.owner_name,
        contactEmail: input.owner_email.toLowerCase(),
        status: 'pending',
        subscriptionPlan: plan.id,
        subscriptionStatus: 'inactive',
        planLimits: plan.limits,
      },
      slugify(`${input.business_name} ${input.city}`),
    );
    await tx.insert(vendorMembers).values({ vendorId: vendor.id, userId: applicant.userId, role: 'owner' });
    await recordAudit(tx, {
      actor: applicant,
      action: 'vendor.apply',
      targetType: 'vendor',
      targetId: vendor.id,
      vendorId: vendor.id,
      metadata: { businessName: input.business_name, city: input.city },
    });
    return vendor;
  });
}
