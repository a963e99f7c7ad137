import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, min } from 'drizzle-orm';
import type { ApiKey } from '@shared/api/admin-integrations';
import {
  API_KEYS_CREATED_PER_DAY,
  API_SCOPES,
  DEFAULT_API_RATE_LIMIT_PER_MINUTE,
  MAX_ACTIVE_API_KEYS,
  type ApiScope,
  type VendorApiKey,
} from '@shared/api/vendor-api';
import type { Database, Executor } from '@server/db/client';
import { apiKeys, vendors } from '@server/db/schema';
import { hashToken } from '@server/lib/signing';
import { conflict, notFound, tooManyRequests, unprocessable } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { apiAccessRefusal } from '@server/modules/billing/api-access';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';

/**
 * The keys of the vendor API, one home for admins (API Integrations) and Enterprise vendors (API &
 * Webhooks): made here, shown once, kept only as a SHA-256 hash (decision 035).
 */

export const API_KEY_PREFIX = 'chk_live_';
/** Enough of the key to tell keys apart in a list, far too little to guess the rest. */
const VISIBLE_CHARACTERS = API_KEY_PREFIX.length + 6;

type KeyRow = typeof apiKeys.$inferSelect;

function presentVendorKey(row: KeyRow): VendorApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter((scope): scope is ApiScope => (API_SCOPES as readonly string[]).includes(scope)),
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function presentAdminKey(row: KeyRow, vendorName: string): ApiKey {
  return { ...presentVendorKey(row), vendorId: row.vendorId, vendorName };
}

export async function listApiKeys(db: Executor): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, vendorName: vendors.businessName })
    .from(apiKeys)
    .innerJoin(vendors, eq(vendors.id, apiKeys.vendorId))
    .orderBy(desc(apiKeys.createdAt))
    .limit(500);
  return rows.map((row) => presentAdminKey(row.key, row.vendorName));
}

/** A vendor's own keys, newest first (revoked ones too, marked). */
export async function listVendorApiKeys(db: Executor, vendorId: string): Promise<VendorApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.vendorId, vendorId))
    .orderBy(desc(apiKeys.createdAt))
    .limit(200);
  return rows.map(presentVendorKey);
}

export interface NewApiKey {
  vendorId: string;
  name: string;
  scopes?: readonly ApiScope[];
  rateLimitPerMinute?: number;
}

export type Issuer = 'admin' | 'vendor';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The vendor holds fewer keys than the cap and made fewer than the day's allowance (keys are rows: no counter to lose). */
async function assertRoomForAnotherKey(tx: Executor, vendorId: string, now: Date): Promise<void> {
  const [held] = await tx
    .select({ active: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.vendorId, vendorId), isNull(apiKeys.revokedAt)));
  if ((held?.active ?? 0) >= MAX_ACTIVE_API_KEYS)
    throw conflict(
      `A vendor can hold at most ${MAX_ACTIVE_API_KEYS} API keys. Revoke a key you no longer use first.`,
      'too_many_api_keys',
    );
  const [made] = await tx
    .select({ today: count(), oldest: min(apiKeys.createdAt) })
    .from(apiKeys)
    .where(and(eq(apiKeys.vendorId, vendorId), gt(apiKeys.createdAt, new Date(now.getTime() - DAY_MS))));
  if ((made?.today ?? 0) >= API_KEYS_CREATED_PER_DAY)
    throw tooManyRequests(
      `At most ${API_KEYS_CREATED_PER_DAY} API keys can be created in 24 hours. Please try again tomorrow.`,
      // The oldest of the day's keys leaves the 24 hours first.
      ((made?.oldest ?? now).getTime() + DAY_MS - now.getTime()) / 1000,
    );
}

/**
 * A new key for a vendor allowed the API (apiAccessRefusal: approved, open, Enterprise), within
 * the vendor's key limits. The key is returned this once; only its hash is stored. An admin hears
 * the refusal in admin words.
 */
export async function createApiKey(
  db: Database,
  input: NewApiKey,
  actor: AuditActor,
  options: { issuer: Issuer; publicUrl: string; now: Date },
) {
  return db.transaction(async (tx) => {
    // Locked for update: two keys made at once are counted one after the other.
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, input.vendorId)).for('update');
    if (!vendor) throw notFound('Vendor not found.');
    if (options.issuer === 'admin') {
      // The plan that binds the vendor now (a canceled Enterprise plan no longer does).
      if (!planLimitsForVendor(vendor).apiAccess)
        throw unprocessable('API keys are for vendors on the Enterprise plan.', 'plan_required');
      if (vendor.status !== 'approved' || vendor.closedAt)
        throw conflict('Only an active vendor can hold API keys.', 'vendor_not_approved');
    } else {
      const refusal = apiAccessRefusal(vendor, options.publicUrl);
      if (refusal) throw refusal;
    }
    await assertRoomForAnotherKey(tx, vendor.id, options.now);
    const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
    const [created] = await tx
      .insert(apiKeys)
      .values({
        vendorId: vendor.id,
        name: input.name,
        prefix: key.slice(0, VISIBLE_CHARACTERS),
        keyHash: hashToken(key),
        scopes: [...(input.scopes ?? API_SCOPES)],
        rateLimitPerMinute: input.rateLimitPerMinute ?? DEFAULT_API_RATE_LIMIT_PER_MINUTE,
        createdAt: options.now,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: created!.id,
      vendorId: vendor.id,
      metadata: {
        name: input.name,
        businessName: vendor.businessName,
        prefix: created!.prefix,
        scopes: created!.scopes,
        by: options.issuer,
      },
    });
    return { key, row: created!, vendorName: vendor.businessName };
  });
}

export async function createAdminApiKey(
  db: Database,
  input: NewApiKey,
  actor: AuditActor,
  options: { publicUrl: string; now: Date },
) {
  const { key, row, vendorName } = await createApiKey(db, input, actor, { issuer: 'admin', ...options });
  return { key, apiKey: presentAdminKey(row, vendorName) };
}

export async function createVendorApiKey(
  db: Database,
  input: NewApiKey,
  actor: AuditActor,
  options: { publicUrl: string; now: Date },
) {
  const { key, row } = await createApiKey(db, input, actor, { issuer: 'vendor', ...options });
  return { key, apiKey: presentVendorKey(row) };
}

/** Revokes a key at once; `vendorId` limits it to that vendor's keys (another's is not found). */
async function revoke(
  db: Database,
  { keyId, actor, vendorId }: { keyId: string; actor: AuditActor; vendorId?: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(apiKeys)
      .where(vendorId ? and(eq(apiKeys.id, keyId), eq(apiKeys.vendorId, vendorId)) : eq(apiKeys.id, keyId))
      .for('update');
    if (!current) throw notFound('API key not found.');
    if (current.revokedAt) throw conflict('This API key was already revoked.', 'already_revoked');
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, keyId)).returning();
    await recordAudit(tx, {
      actor,
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: keyId,
      vendorId: current.vendorId,
      metadata: { name: current.name, prefix: current.prefix },
    });
    return revoked!;
  });
}

export async function revokeApiKey(db: Database, keyId: string, actor: AuditActor, now: Date): Promise<ApiKey> {
  const row = await revoke(db, { keyId, actor }, now);
  const [vendor] = await db.select({ name: vendors.businessName }).from(vendors).where(eq(vendors.id, row.vendorId));
  return presentAdminKey(row, vendor?.name ?? '');
}

export async function revokeVendorApiKey(
  db: Database,
  { vendorId, keyId, actor }: { vendorId: string; keyId: string; actor: AuditActor },
  now: Date,
): Promise<VendorApiKey> {
  return presentVendorKey(await revoke(db, { keyId, actor, vendorId }, now));
}
