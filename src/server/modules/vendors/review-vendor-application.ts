import { desc, eq, sql } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import { authUser, users, vendorMembers, vendors } from '@server/db/schema';
import { contactStateOf } from '@shared/accounts/contacts';
import { conflict, notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { findVendorOwner, isOwnerMembershipOf } from '@server/modules/vendors/vendor-owner';
import type { EmailService } from '@server/modules/notifications/email-service';
import { vendorApprovedEmail, vendorRejectedEmail } from '@server/modules/notifications/templates/vendor-review-emails';
import { listApplicationHistory } from '@server/modules/vendors/list-application-history';
import { serverText } from '@server/lib/texts';
import { vendorStatusAfter } from '@shared/vendors/vendors';

export async function listPendingApplications(db: Executor) {
  const rows = await db
    .select({
      vendor: vendors,
      ownerName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
      ownerEmail: users.email,
      ownerVerified: users.verified,
      ownerPhone: authUser.phoneNumber,
    })
    .from(vendors)
    .leftJoin(vendorMembers, isOwnerMembershipOf(vendors.id))
    .leftJoin(users, eq(users.id, vendorMembers.userId))
    .leftJoin(authUser, eq(authUser.id, users.id))
    .where(eq(vendors.status, 'pending'))
    .orderBy(desc(vendors.createdAt))
    .limit(200);
  const history = await listApplicationHistory(
    db,
    rows.map(({ vendor }) => vendor.id),
  );
  return rows.map(({ vendor, ownerName, ownerEmail, ownerVerified, ownerPhone }) => {
    // What the applicant's account has proven (an owner-less row, from an invitation, nothing).
    const contacts = ownerEmail
      ? contactStateOf({ email: ownerEmail, verified: ownerVerified ?? false, phoneNumber: ownerPhone })
      : null;
    return {
      id: vendor.id,
      businessName: vendor.businessName,
      businessCategory: vendor.businessCategory,
      businessDescription: vendor.businessDescription,
      city: vendor.city,
      area: vendor.area,
      address: vendor.address,
      phone: vendor.phone,
      contactEmail: vendor.contactEmail ?? ownerEmail,
      ownerName: vendor.contactPerson ?? ownerName,
      appliedAt: vendor.createdAt.toISOString(),
      previousApplications: history.get(vendor.id) ?? [],
      applicantEmailVerified: contacts?.emailVerified ?? false,
      applicantPhoneVerified: contacts?.phoneVerified ?? false,
    };
  });
}

interface ReviewDeps {
  db: Database;
  email: EmailService;
  config: Config;
}

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string | null };

/** Approve or reject a pending application: row-locked, audited, and the applicant is told by e-mail. */
export async function reviewVendorApplication(
  deps: ReviewDeps,
  { vendorId, actor, decision }: { vendorId: string; actor: AuditActor; decision: Decision },
  now: Date,
) {
  const result = await deps.db.transaction(async (tx) => {
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
    if (!vendor) throw notFound('Vendor not found.');
    const status = vendorStatusAfter(vendor.status, decision.kind);
    if (!status) throw conflict(`This application is already ${vendor.status}.`, 'invalid_state');
    const [updated] = await tx
      .update(vendors)
      .set({
        status,
        rejectionReason: decision.kind === 'reject' ? decision.reason : null,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(vendors.id, vendorId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: decision.kind === 'approve' ? 'vendor.approve' : 'vendor.reject',
      targetType: 'vendor',
      targetId: vendorId,
      vendorId,
      metadata: {
        businessName: vendor.businessName,
        ...(decision.kind === 'reject' && decision.reason ? { reason: decision.reason } : {}),
      },
    });
    const owner = await findVendorOwner(tx, vendorId);
    return { vendor: updated!, owner };
  });

  const { vendor, owner } = result;
  // The owner's account address, never the contact address typed into the application: that
  // one could be anybody's, and the e-mail carries the business name the applicant wrote.
  const to = owner?.email;
  if (to) {
    const ownerName = vendor.contactPerson ?? owner?.name ?? serverText('emails:greeting.fallbackName');
    await deps.email.enqueue(
      decision.kind === 'approve'
        ? {
            type: 'vendor_approved',
            to,
            userId: owner?.id,
            render: () =>
              vendorApprovedEmail({
                ownerName,
                businessName: vendor.businessName,
                dashboardUrl: `${deps.config.publicUrl}/vendor`,
              }),
          }
        : {
            type: 'vendor_rejected',
            to,
            userId: owner?.id,
            render: () =>
              vendorRejectedEmail({
                ownerName,
                businessName: vendor.businessName,
                reason: vendor.rejectionReason,
                supportUrl: `${deps.config.publicUrl}/support`,
              }),
          },
    );
  }
  return {
    id: vendor.id,
    businessName: vendor.businessName,
    status: vendor.status as 'approved' | 'rejected',
    rejectionReason: vendor.rejectionReason,
  };
}
