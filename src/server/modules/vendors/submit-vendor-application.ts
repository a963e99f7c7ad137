import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { VendorApplication } from '@shared/marketplace/marketplace';
import { ALREADY_VENDOR_MESSAGE, CATEGORY_LOGOS } from '@shared/marketplace/marketplace-display';
import { DEFAULT_PLAN_ID, planFor } from '@shared/billing/plans';
import { slugify } from '@shared/slug';
import { hasVerifiedContact, type ContactState } from '@shared/accounts/contacts';
import { vendorStatusAfter, withWebScheme } from '@shared/vendors/vendors';
import type { Database, Transaction } from '@server/db/client';
import { users, vendorApplicationHistory, vendorMembers, vendors } from '@server/db/schema';
import { conflict, forbidden } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { recordAudit } from '@server/lib/record-audit';

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

/** The vendor columns an application fills. */
function applicationColumns(input: VendorApplication) {
  return {
    businessName: input.business_name,
    businessCategory: input.business_category,
    businessDescription: input.business_description || null,
    logo: CATEGORY_LOGOS[input.business_category],
    address: input.address,
    city: input.city,
    area: input.area,
    phone: input.phone,
    whatsapp: input.whatsapp || null,
    website: withWebScheme(input.website) || null,
    // Kept as the vendor's first contact so the admin review can reach the owner.
    contactPerson: input.owner_name,
    contactEmail: input.owner_email.toLowerCase(),
  } satisfies Partial<NewVendor>;
}

type VendorRow = typeof vendors.$inferSelect;

/** The application a vendor row holds, as the form sent it (history and the form's prefill read it). */
export function applicationOf(vendor: VendorRow): VendorApplication {
  return {
    business_name: vendor.businessName,
    business_category: vendor.businessCategory as VendorApplication['business_category'],
    business_description: vendor.businessDescription ?? '',
    address: vendor.address,
    city: vendor.city as VendorApplication['city'],
    area: vendor.area,
    phone: vendor.phone,
    whatsapp: vendor.whatsapp ?? '',
    website: vendor.website ?? '',
    owner_name: vendor.contactPerson ?? '',
    owner_email: vendor.contactEmail ?? '',
  };
}

interface Applicant {
  userId: string;
  email: string;
  /** As the request's session read them: the admin must be able to reach whoever applies. */
  contacts: ContactState;
}

/**
 * A rejected owner applies again: the earlier application (with its decision) moves to
 * vendor_application_history and the vendor row holds the new one, pending, dated now, so it
 * joins the admin queue like a new application. Anything but a rejected owner is refused.
 */
async function applyAgain(
  tx: Transaction,
  {
    applicant,
    membership,
    application: input,
  }: { applicant: Applicant; membership: { vendorId: string; role: string }; application: VendorApplication },
  now: Date,
) {
  const [vendor] =
    membership.role === 'owner'
      ? await tx.select().from(vendors).where(eq(vendors.id, membership.vendorId)).for('update')
      : [];
  const status = vendor ? vendorStatusAfter(vendor.status, 'reapply') : null;
  if (!vendor || !status) throw conflict(ALREADY_VENDOR_MESSAGE, 'already_vendor');
  await tx.insert(vendorApplicationHistory).values({
    vendorId: vendor.id,
    application: applicationOf(vendor),
    status: vendor.status,
    rejectionReason: vendor.rejectionReason,
    submittedAt: vendor.createdAt,
    reviewedAt: vendor.reviewedAt,
    createdAt: now,
  });
  const [updated] = await tx
    .update(vendors)
    .set({
      ...applicationColumns(input),
      status,
      rejectionReason: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .where(eq(vendors.id, vendor.id))
    .returning({ id: vendors.id, slug: vendors.slug, status: vendors.status });
  await recordAudit(tx, {
    actor: applicant,
    action: 'vendor.reapply',
    targetType: 'vendor',
    targetId: vendor.id,
    vendorId: vendor.id,
    metadata: { businessName: input.business_name, city: input.city },
  });
  return updated!;
}

/**
 * SPEC.md "Vendor application form": a pending vendor on the starter plan (inactive until paid)
 * owned by the applicant, in one transaction. The applicant's user row is locked first, so two
 * submissions at once cannot create two vendors for one account. An owner whose application was
 * rejected applies again on the same vendor (applyAgain); any other member is refused. Only an
 * account with a verified e-mail address or mobile number applies.
 */
export async function submitVendorApplication(db: Database, applicant: Applicant, input: VendorApplication, now: Date) {
  // Issue 40: an unproven address let anyone apply as "Real Shop" in someone else's name.
  if (!hasVerifiedContact(applicant.contacts)) {
    throw forbidden(serverText('vendor:signup.verifyFirstText'), 'contact_unverified');
  }
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, applicant.userId)).for('update');
    const [existing] = await tx
      .select({ vendorId: vendorMembers.vendorId, role: vendorMembers.role })
      .from(vendorMembers)
      .where(eq(vendorMembers.userId, applicant.userId))
      .limit(1);
    if (existing) return applyAgain(tx, { applicant, membership: existing, application: input }, now);

    const plan = planFor(DEFAULT_PLAN_ID);
    const vendor = await insertWithUniqueSlug(
      tx,
      {
        ...applicationColumns(input),
        status: 'pending',
        subscriptionPlan: plan.id,
        subscriptionStatus: 'inactive',
        planLimits: plan.limits,
        // The app's clock, as a re-application's date is: the queue orders them together.
        createdAt: now,
        updatedAt: now,
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
