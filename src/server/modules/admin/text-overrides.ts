import { eq } from 'drizzle-orm';
import { TEXT_KEYS, isTextKey } from '../../../shared/admin-text-keys';
import type { AdminTextEntry } from '../../../shared/admin-texts';
import type { Database, Executor } from '../../db/client';
import { textOverrides } from '../../db/schema';
import { notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/** Every visitor's first page load asks for the overrides; a few seconds of staleness spares the database. */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, { texts: Record<string, string>; expiresAt: number }>();

/** The overrides map the SPA reads (GET /api/texts): only keys the screens know. */
export async function getTextOverridesMap(db: Executor, now = Date.now()): Promise<Record<string, string>> {
  const hit = cache.get(db);
  if (hit && hit.expiresAt > now) return hit.texts;
  const rows = await db.select({ key: textOverrides.key, value: textOverrides.value }).from(textOverrides);
  const texts = Object.fromEntries(rows.filter((row) => isTextKey(row.key)).map((row) => [row.key, row.value]));
  cache.set(db, { texts, expiresAt: now + CACHE_MS });
  return texts;
}

/** The Global Text Editor's list: every known text with its default and override, searchable. */
export async function listTextEntries(db: Executor, search?: string): Promise<AdminTextEntry[]> {
  const rows = await db.select().from(textOverrides);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const needle = search?.toLowerCase() ?? '';
  return Object.entries(TEXT_KEYS)
    .map(([key, text]) => {
      const row = byKey.get(key);
      return {
        key,
        area: text.area,
        label: text.label,
        fallback: text.fallback,
        value: row?.value ?? null,
        updatedBy: row?.updatedBy ?? null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    })
    .filter((entry) => !needle || [entry.key, entry.area, entry.label, entry.fallback, entry.value ?? ''].some((field) => field.toLowerCase().includes(needle)));
}

function assertKnownKey(key: string): void {
  if (!isTextKey(key)) throw notFound('Unknown text key.');
}

export async function saveTextOverride(db: Database, key: string, value: string, actor: AuditActor, now: Date): Promise<void> {
  assertKnownKey(key);
  await db.transaction(async (tx) => {
    await tx
      .insert(textOverrides)
      .values({ key, value, updatedBy: actor.email })
      .onConflictDoUpdate({ target: textOverrides.key, set: { value, updatedBy: actor.email, updatedAt: now } });
    await recordAudit(tx, { actor, action: 'text.update', targetType: 'text', targetId: key, metadata: { key, value } });
  });
  cache.delete(db);
}

export async function resetTextOverride(db: Database, key: string, actor: AuditActor): Promise<void> {
  assertKnownKey(key);
  await db.transaction(async (tx) => {
    const removed = await tx.delete(textOverrides).where(eq(textOverrides.key, key)).returning({ key: textOverrides.key });
    if (removed.length === 0) throw notFound('This text has no override to reset.');
    await recordAudit(tx, { actor, action: 'text.reset', targetType: 'text', targetId: key, metadata: { key } });
  });
  cache.delete(db);
}
