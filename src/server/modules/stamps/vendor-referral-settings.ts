import { and, eq, sql } from 'drizzle-orm';
import type { VendorReferralSummary } from '@shared/stamps/referrals';
import type { Executor } from '@server/db/client';
import { auditLog, referrals, stamps, vendors } from '@server/db/schema';
import { auditLogValues, type AuditActor } from '@server/lib/record-audit';

/** The vendor's referral panel: the switch, and referrals pending and rewarded, bonus stamps given. */
export async function getVendorReferralSummary(db: Executor, vendorId: string): Promise<VendorReferralSummary> {
  const [row] = await db
    .select({
      enabled: vendors.referralsEnabled,
      pending: sql<number>`(select count(*)::int from ${referrals} where ${referrals.vendorId} = ${vendorId} and ${referrals.status} = 'pending')`,
      rewarded: sql<number>`(select count(*)::int from ${referrals} where ${referrals.vendorId} = ${vendorId} and ${referrals.status} = 'rewarded')`,
      bonusStamps: sql<number>`(select count(*)::int from ${stamps} where ${stamps.vendorId} = ${vendorId} and ${stamps.kind} = 'referral_bonus')`,
    })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  return {
    enabled: row?.enabled ?? false,
    pending: row?.pending ?? 0,
    rewarded: row?.rewarded ?? 0,
    bonusStamps: row?.bonusStamps ?? 0,
  };
}

/** The owner switches referrals on or off; recorded in the vendor's activity when it changes. */
export async function setVendorReferrals(
  db: Executor,
  input: { vendorId: string; enabled: boolean; actor: AuditActor; now: Date },
): Promise<VendorReferralSummary> {
  const changed = await db
    .update(vendors)
    .set({ referralsEnabled: input.enabled, updatedAt: input.now })
    .where(and(eq(vendors.id, input.vendorId), sql`${vendors.referralsEnabled} <> ${input.enabled}`))
    .returning({ id: vendors.id });
  if (changed.length > 0) {
    await db.insert(auditLog).values(
      auditLogValues({
        actor: input.actor,
        action: input.enabled ? 'vendor.referrals_on' : 'vendor.referrals_off',
        targetType: 'vendor',
        targetId: input.vendorId,
        vendorId: input.vendorId,
      }),
    );
  }
  return getVendorReferralSummary(db, input.vendorId);
}
