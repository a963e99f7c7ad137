import { createHash } from 'node:crypto';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_WINDOW_HOURS } from '@shared/api/vendor-api';
import { idempotencyHeadersSchema } from '@shared/api/vendor-api-v1';
import type { Database, Executor, Transaction } from '@server/db/client';
import { apiIdempotencyKeys } from '@server/db/schema';
import { invalidFields, unprocessable } from '@server/errors';

export const IDEMPOTENCY_WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 60 * 60 * 1000;
const HEADER_LABEL = 'Idempotency-Key';

export interface IdempotentRequest {
  apiKeyId: string;
  idempotencyKey: string;
  /** SHA-256 of the method, route and body. */
  requestHash: string;
}

/** The Idempotency-Key of a write and the hash of what it asks, or a 400 naming the header. */
export function idempotentRequestOf(request: FastifyRequest, apiKeyId: string): IdempotentRequest {
  const parsed = idempotencyHeadersSchema.safeParse({ [IDEMPOTENCY_HEADER]: request.headers[IDEMPOTENCY_HEADER] });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Idempotency-Key is not valid.';
    throw invalidFields(`${HEADER_LABEL}: ${message}`, { [HEADER_LABEL]: message }, 'idempotency_key_required');
  }
  const requestHash = createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.params ?? {})}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
  return { apiKeyId, idempotencyKey: parsed.data[IDEMPOTENCY_HEADER], requestHash };
}

export interface IdempotentAnswer<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** The finished answer stored for this request within the window, or null; another request's key is a 422. */
async function storedAnswer<T>(
  db: Executor,
  request: IdempotentRequest,
  expiredBefore: Date,
): Promise<IdempotentAnswer<T> | null> {
  const [stored] = await db
    .select()
    .from(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.apiKeyId, request.apiKeyId),
        eq(apiIdempotencyKeys.idempotencyKey, request.idempotencyKey),
        gte(apiIdempotencyKeys.createdAt, expiredBefore),
        ne(apiIdempotencyKeys.statusCode, 0),
      ),
    );
  if (!stored) return null;
  if (stored.requestHash !== request.requestHash)
    throw unprocessable(
      'This Idempotency-Key was already used with a different request. Use a new key for a new operation.',
      'idempotency_key_reused',
    );
  return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
}

/**
 * Runs a write once per (key, Idempotency-Key) within 24 hours (decision 035). A finished answer
 * is replayed at once. Otherwise `read` runs first, outside the transaction, for what must stay
 * counted when the write is refused (a typed code's attempt, an offline code's miss); then the
 * record is claimed in the same transaction as `write`: a concurrent duplicate waits on its
 * primary key until this one commits, then reads the stored answer; if this one fails (a
 * refusal, which changes nothing), the claim rolls back with it and a retry runs afresh. The same
 * key with a different request is a 422. `write` gets the transaction and must do all its writes in it.
 */
export async function runIdempotently<R, T>(
  db: Database,
  request: IdempotentRequest,
  now: Date,
  steps: { read: () => Promise<R>; write: (tx: Transaction, read: R) => Promise<T> },
): Promise<IdempotentAnswer<T>> {
  const statusCode = 200;
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const finished = await storedAnswer<T>(db, request, expiredBefore);
  if (finished) return finished;
  const read = await steps.read();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(apiIdempotencyKeys)
      .values({
        apiKeyId: request.apiKeyId,
        idempotencyKey: request.idempotencyKey,
        requestHash: request.requestHash,
        statusCode: 0,
        response: sql`'null'::jsonb`,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [apiIdempotencyKeys.apiKeyId, apiIdempotencyKeys.idempotencyKey],
        // A record older than the window is forgotten: the key may be used again.
        set: { requestHash: request.requestHash, statusCode: 0, response: sql`'null'::jsonb`, createdAt: now },
        setWhere: lt(apiIdempotencyKeys.createdAt, expiredBefore),
      })
      .returning({ createdAt: apiIdempotencyKeys.createdAt });
    if (claimed.length === 0) {
      const stored = await storedAnswer<T>(tx, request, expiredBefore);
      if (!stored) throw new Error('idempotency record vanished or unfinished after its lock');
      return stored;
    }
    const body = await steps.write(tx, read);
    await tx
      .update(apiIdempotencyKeys)
      .set({ statusCode, response: sql`${JSON.stringify(body)}::jsonb` })
      .where(
        and(
          eq(apiIdempotencyKeys.apiKeyId, request.apiKeyId),
          eq(apiIdempotencyKeys.idempotencyKey, request.idempotencyKey),
        ),
      );
    return { statusCode, body, replayed: false };
  });
}
