import { eq } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import type { EmailService } from '@server/modules/notifications/email-service';
import {
  vendorSuspendedEmail,
  vendorUnsuspendedEmail,
} from '@server/modules/notifications/templates/vendor-moderation-emails';
import { findVendorOwner } from '@server/modules/vendors/vendor-owner';
import { vendorStatusAfter } from '@shared/vendors/vendors';

interface Deps {
  db: Database;
  email: EmailService;
  config: Config;
}

type Change = { kind: 'suspend'; reason: string } | { kind: 'unsuspend' };

/**
 * Suspend an approved vendor (it and its cards leave every public page and it cannot stamp,
 * because those paths admit approved vendors only), or bring a suspended one back. Row-locked,
 * audited, and the owner is told by e-mail after the commit.
 */
export async function changeVendorSuspension(
  deps: Deps,
  { vendorId, actor, change }: { vendorId: string; actor: AuditActor; change: Change },
  now: Date,
) {
  const vendor = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
    if (!current) throw notFound('Vendor not found.');
    const status = vendorStatusAfter(current.status, change.kind);
    if (!status) {
      throw conflict(
        change.kind === 'suspend'
          ? `Only an active vendor can be suspended; this one is ${current.status}.`
          : 'This vendor is not suspended.',
        'invalid_state',
      );
    }
    const [updated] = await tx
      .update(vendors)
      .set({
        status,
        suspensionReason: change.kind === 'suspend' ? change.reason : null,
        updatedAt: now,
      })
      .where(eq(vendors.id, vendorId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: change.kind === 'suspend' ? 'vendor.suspend' : 'vendor.unsuspend',
      targetType: 'vendor',
      targetId: vendorId,
      vendorId,
      metadata: { businessName: current.businessName, ...(change.kind === 'suspend' ? { reason: change.reason } : {}) },
    });
    return updated!;
  });

  const owner = await findVendorOwner(deps.db, vendorId);
  if (owner) {
    const ownerName = vendor.contactPerson ?? owner.name;
    await deps.email.enqueue({
      type: 'vendor_moderation',
      to: owner.email,
      userId: owner.id,
      render: () =>
        change.kind === 'suspend'
          ? vendorSuspendedEmail({
              ownerName,
              businessName: vendor.businessName,
              reason: change.reason,
              supportUrl: `${deps.config.publicUrl}/support`,
            })
          : vendorUnsuspendedEmail({
              ownerName,
              businessName: vendor.businessName,
              dashboardUrl: `${deps.config.publicUrl}/vendor`,
            }),
    });
  }
  return {
    id: vendor.id,
    businessName: vendor.businessName,
    status: vendor.status as 'approved' | 'suspended',
    rejectionReason: vendor.rejectionReason,
  };
}
