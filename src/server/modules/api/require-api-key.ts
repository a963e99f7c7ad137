import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiScope } from '@shared/api/vendor-api';
import type { Executor } from '@server/db/client';
import { apiKeys, vendors } from '@server/db/schema';
import { forbidden, tooManyRequests, unauthorized } from '@server/errors';
import { hashToken } from '@server/lib/signing';
import { consumeRateLimit } from '@server/lib/rate-limit';
import type { AuditActor } from '@server/lib/record-audit';
import { apiAccessRefusal, apiVendorColumns } from '@server/modules/billing/api-access';

/** The vendor API's caller: the key, and the vendor it names. */
export interface ApiCaller {
  keyId: string;
  keyName: string;
  prefix: string;
  scopes: readonly string[];
  rateLimitPerMinute: number;
  vendorId: string;
  vendorName: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** A key's last-used time is written at most this often, and only after an accepted request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const callers = new WeakMap<FastifyRequest, Promise<ApiCaller>>();

async function authenticate(request: FastifyRequest): Promise<ApiCaller> {
  const { database, clock, config } = request.server.deps;
  const header = request.headers.authorization;
  const match = header ? BEARER.exec(header) : null;
  if (!match)
    throw unauthorized(
      'Send your API key in the Authorization header: "Authorization: Bearer chk_live_…".',
      'api_key_required',
    );
  const [row] = await database.db
    .select({
      key: apiKeys,
      vendor: apiVendorColumns,
    })
    .from(apiKeys)
    .innerJoin(vendors, eq(vendors.id, apiKeys.vendorId))
    .where(eq(apiKeys.keyHash, hashToken(match[1]!)))
    .limit(1);
  if (!row) throw unauthorized('This API key is not valid.', 'invalid_api_key');
  if (row.key.revokedAt)
    throw unauthorized('This API key was revoked. Ask the vendor owner for a new key.', 'api_key_revoked');
  // Suspended, closed, or no longer on Enterprise: a clear 403, whatever the route.
  const refusal = apiAccessRefusal(row.vendor, config.publicUrl);
  if (refusal) throw refusal;
  const now = clock.now();
  const limit = await consumeRateLimit(database.db, `api-key:${row.key.id}`, row.key.rateLimitPerMinute, 60_000, now);
  if (!limit.allowed) {
    throw tooManyRequests(
      `This API key is limited to ${row.key.rateLimitPerMinute} requests a minute. Try again in ${limit.retryAfterSeconds} seconds.`,
      limit.retryAfterSeconds,
    );
  }
  return {
    keyId: row.key.id,
    keyName: row.key.name,
    prefix: row.key.prefix,
    scopes: row.key.scopes,
    rateLimitPerMinute: row.key.rateLimitPerMinute,
    vendorId: row.key.vendorId,
    vendorName: row.vendor.businessName,
  };
}

/**
 * The guard of every /api/v1 route: a valid key (Authorization: Bearer), of a vendor allowed the
 * API (apiAccessRefusal), within its rate, holding `scope`. Resolved once per request.
 */
export async function requireApiKey(request: FastifyRequest, scope: ApiScope | 'any'): Promise<ApiCaller> {
  let cached = callers.get(request);
  if (!cached) {
    cached = authenticate(request);
    callers.set(request, cached);
  }
  const caller = await cached;
  if (scope !== 'any' && !caller.scopes.includes(scope))
    throw forbidden(
      `This API key does not have the "${scope}" scope. Create a key with it on API & Webhooks.`,
      'insufficient_scope',
    );
  return caller;
}

/** The caller of a request, when its key was accepted (for the hooks below). */
async function acceptedCaller(request: FastifyRequest): Promise<ApiCaller | null> {
  const cached = callers.get(request);
  if (!cached) return null;
  try {
    return await cached;
  } catch {
    return null;
  }
}

/** Who the audit log names for what a key did: no person, the key by its visible prefix and name. */
export function apiActor(caller: ApiCaller): AuditActor {
  return { userId: null, email: `API key ${caller.prefix}… (${caller.keyName})` };
}

/**
 * Records a key's last use cheaply: only after an accepted answer, at most once a minute per key
 * on this server (remembered in memory), and the statement itself changes nothing if another
 * server wrote it within the minute.
 */
async function touchLastUsed(db: Executor, keyId: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, cutoff))));
}

/** Hooks of the /api/v1 plugin: the last-used time. */
export function addApiKeyHooks(app: FastifyInstance): void {
  const touchedAt = new Map<string, number>();
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode >= 400) return;
    const caller = await acceptedCaller(request);
    if (!caller) return;
    const now = app.deps.clock.now();
    const last = touchedAt.get(caller.keyId);
    if (last !== undefined && now.getTime() - last < LAST_USED_RESOLUTION_MS && now.getTime() >= last) return;
    touchedAt.set(caller.keyId, now.getTime());
    if (touchedAt.size > 10_000) touchedAt.clear();
    try {
      await touchLastUsed(app.deps.database.db, caller.keyId, now);
    } catch (error) {
      // The answer is ready and right; a missed last-used time is not worth failing it.
      request.log.warn({ err: error }, 'Could not record the API key last-used time');
    }
  });
}
