import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { ApiKey } from '@shared/admin-integrations';
import type { Database, Executor } from '@server/db/client';
import { apiKeys, vendors } from '@server/db/schema';
import { hashToken } from '@server/lib/signing';
import { conflict, notFound, unprocessable } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/modules/audit/record-audit';
import { planLimitsForVendor } from '@server/modules/vendor-plan/plan-limits-for-vendor';

const KEY_PREFIX = 'chk_live_';
/** Enough of the key to tell keys apart in a list, far too little to guess the rest. */
const VISIBLE_CHARACTERS = KEY_PREFIX.length + 6;

const keyColumns = {
  id: apiKeys.id,
  vendorId: apiKeys.vendorId,
  vendorName: vendors.businessName,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

function present(row: {
  id: string;
  vendorId: string;
  vendorName: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): ApiKey {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Executor): Promise<ApiKey[]> {
  const rows = await db
    .select(keyColumns)
    .from(apiKeys)
    .innerJoin(vendors, eq(vendors.id, apiKeys.vendorId))
    .orderBy(desc(apiKeys.createdAt))
    .limit(500);
  return rows.map(present);
}

/**
 * A new key for an enterprise vendor (PRODUCT.md: API access is an enterprise feature). The key
 * is returned this once; only its SHA-256 hash is stored.
 */
export async function createApiKey(db: Database, input: { vendorId: string; name: string }, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, input.vendorId)).for('share');
    if (!vendor) throw notFound('Vendor not found.');
    // The plan that binds the vendor now (a canceled Enterprise plan no longer does).
    if (!planLimitsForVendor(vendor).apiAccess)
      throw unprocessable('API keys are for vendors on the Enterprise plan.', 'plan_required');
    if (vendor.status !== 'approved' || vendor.closedAt)
      throw conflict('Only an active vendor can hold API keys.', 'vendor_not_approved');
    const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
    const [created] = await tx
      .insert(apiKeys)
      .values({
        vendorId: vendor.id,
        name: input.name,
        prefix: key.slice(0, VISIBLE_CHARACTERS),
        keyHash: hashToken(key),
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: created!.id,
      vendorId: vendor.id,
      metadata: { name: input.name, businessName: vendor.businessName, prefix: created!.prefix },
    });
    return { key, apiKey: present({ ...created!, vendorName: vendor.businessName }) };
  });
}

export async function revokeApiKey(db: Database, keyId: string, actor: AuditActor, now: Date): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(apiKeys).where(eq(apiKeys.id, keyId)).for('update');
    if (!current) throw notFound('API key not found.');
    if (current.revokedAt) throw conflict('This API key was already revoked.', 'already_revoked');
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, keyId));
    await recordAudit(tx, {
      actor,
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: keyId,
      vendorId: current.vendorId,
      metadata: { name: current.name, prefix: current.prefix },
    });
    const [row] = await tx
      .select(keyColumns)
      .from(apiKeys)
      .innerJoin(vendors, eq(vendors.id, apiKeys.vendorId))
      .where(eq(apiKeys.id, keyId));
    return present(row!);
  });
}
