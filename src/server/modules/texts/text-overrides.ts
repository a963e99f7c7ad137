import { eq } from 'drizzle-orm';
import type { AdminTextEntry, AdminTextList } from '@shared/admin-texts';
import {
  allCatalogueTexts,
  defaultTextOf,
  NAMESPACE_LABELS,
  NAMESPACES,
  splitTextKey,
  type Namespace,
} from '@shared/i18n/catalogue';
import { placeholdersOf } from '@shared/i18n/placeholders';
import { overrideProblem } from '@shared/i18n/text-limits';
import type { Database, Executor } from '@server/db/client';
import { textOverrides } from '@server/db/schema';
import { invalidFields, notFound } from '@server/errors';
import { setServerTextOverrides } from '@server/lib/texts';
import { recordAudit, type AuditActor } from '@server/modules/audit/record-audit';

/** Every visitor's first page load asks for the overrides; a few seconds of staleness spares the database. */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, { texts: Record<string, string>; expiresAt: number }>();

/**
 * The overrides map the SPA reads (GET /api/texts), only keys the catalogue knows; reading it
 * also lays the overrides over the server's own translator (e-mails).
 */
export async function getTextOverridesMap(db: Executor, now = Date.now()): Promise<Record<string, string>> {
  const hit = cache.get(db);
  if (hit && hit.expiresAt > now) return hit.texts;
  const rows = await db.select({ key: textOverrides.key, value: textOverrides.value }).from(textOverrides);
  const texts = Object.fromEntries(
    rows.filter((row) => defaultTextOf(row.key) !== undefined).map((row) => [row.key, row.value]),
  );
  cache.set(db, { texts, expiresAt: now + CACHE_MS });
  setServerTextOverrides(texts);
  return texts;
}

/** The Global Text Editor's list: every catalogue text with its default and override, by screen, searchable. */
export async function listTextEntries(
  db: Executor,
  filter: { search?: string; namespace?: string },
): Promise<AdminTextList> {
  const rows = await db.select().from(textOverrides);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const needle = filter.search?.toLowerCase() ?? '';
  const all: AdminTextEntry[] = allCatalogueTexts().map(([key, fallback]) => {
    const row = byKey.get(key);
    const namespace = splitTextKey(key)[0] as Namespace;
    return {
      key,
      namespace,
      area: NAMESPACE_LABELS[namespace],
      fallback,
      placeholders: placeholdersOf(fallback),
      value: row?.value ?? null,
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
  const matching = all.filter(
    (entry) =>
      !needle ||
      [entry.key, entry.area, entry.fallback, entry.value ?? ''].some((field) => field.toLowerCase().includes(needle)),
  );
  return {
    entries: matching.filter((entry) => !filter.namespace || entry.namespace === filter.namespace),
    namespaces: NAMESPACES.map((id) => ({
      id,
      label: NAMESPACE_LABELS[id],
      count: matching.filter((entry) => entry.namespace === id).length,
    })),
  };
}

function defaultOrNotFound(key: string): string {
  const fallback = defaultTextOf(key);
  if (fallback === undefined) throw notFound('Unknown text key.');
  return fallback;
}

export async function saveTextOverride(
  db: Database,
  key: string,
  value: string,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const problem = overrideProblem(defaultOrNotFound(key), value);
  if (problem) throw invalidFields(problem, { value: problem });
  await db.transaction(async (tx) => {
    await tx
      .insert(textOverrides)
      .values({ key, value, updatedBy: actor.email, updatedAt: now })
      .onConflictDoUpdate({ target: textOverrides.key, set: { value, updatedBy: actor.email, updatedAt: now } });
    await recordAudit(tx, {
      actor,
      action: 'text.update',
      targetType: 'text',
      targetId: key,
      metadata: { key, value },
    });
  });
  cache.delete(db);
  await getTextOverridesMap(db);
}

export async function resetTextOverride(db: Database, key: string, actor: AuditActor): Promise<void> {
  defaultOrNotFound(key);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(textOverrides)
      .where(eq(textOverrides.key, key))
      .returning({ key: textOverrides.key });
    if (removed.length === 0) throw notFound('This text has no override to reset.');
    await recordAudit(tx, { actor, action: 'text.reset', targetType: 'text', targetId: key, metadata: { key } });
  });
  cache.delete(db);
  await getTextOverridesMap(db);
}
