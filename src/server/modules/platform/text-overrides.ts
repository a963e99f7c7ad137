import { and, eq } from 'drizzle-orm';
import type { AdminTextEntry, AdminTextList, TextOverridesMap } from '@shared/platform/admin-texts';
import {
  allCatalogueTexts,
  defaultTextOf,
  NAMESPACE_LABELS,
  NAMESPACES,
  splitTextKey,
  type Namespace,
} from '@shared/i18n/catalogue';
import type { Language } from '@shared/i18n/languages';
import { isPhoneTextKey, MESSAGE_LANGUAGES, type MessageLanguage } from '@shared/i18n/roman-urdu';
import { placeholdersOf } from '@shared/i18n/placeholders';
import { overrideProblem } from '@shared/i18n/text-limits';
import type { Database, Executor } from '@server/db/client';
import { textOverrides } from '@server/db/schema';
import { invalidFields, notFound } from '@server/errors';
import { setServerTextOverrides, type TextOverridesByLanguage } from '@server/lib/texts';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';

/** Every visitor's first page load asks for the overrides; a few seconds of staleness spares the database. */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, { texts: TextOverridesByLanguage; expiresAt: number }>();

/**
 * Every language's overrides, only of keys its catalogue knows (GET /api/texts serves the
 * visitor's language of it); reading them also lays them over the server's own translator
 * (e-mails, messages).
 */
export async function getTextOverridesMap(db: Executor, now = Date.now()): Promise<TextOverridesByLanguage> {
  const hit = cache.get(db);
  if (hit && hit.expiresAt > now) return hit.texts;
  const rows = await db
    .select({ key: textOverrides.key, language: textOverrides.language, value: textOverrides.value })
    .from(textOverrides);
  const texts = Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        rows
          .filter((row) => row.language === language && defaultTextOf(row.key, language) !== undefined)
          .map((row) => [row.key, row.value]),
      ),
    ]),
  ) as TextOverridesByLanguage;
  cache.set(db, { texts, expiresAt: now + CACHE_MS });
  setServerTextOverrides(texts);
  return texts;
}

/**
 * The Global Text Editor's list for one language: every catalogue text with that language's
 * default and override, by screen, searchable in that language.
 */
export async function listTextEntries(
  db: Executor,
  filter: { language: MessageLanguage; search?: string; namespace?: string },
): Promise<AdminTextList> {
  const rows = await db.select().from(textOverrides).where(eq(textOverrides.language, filter.language));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const needle = filter.search?.toLowerCase() ?? '';
  const all: AdminTextEntry[] = allCatalogueTexts(filter.language).map(([key, fallback]) => {
    const row = byKey.get(key);
    const namespace = splitTextKey(key)[0] as Namespace;
    return {
      key,
      namespace,
      area: NAMESPACE_LABELS[namespace],
      fallback,
      placeholders: placeholdersOf(fallback),
      phone: isPhoneTextKey(key),
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
    language: filter.language,
    entries: matching.filter((entry) => !filter.namespace || entry.namespace === filter.namespace),
    // Roman Urdu has texts in a few screens only: the others are not offered.
    namespaces: NAMESPACES.filter((id) => all.some((entry) => entry.namespace === id)).map((id) => ({
      id,
      label: NAMESPACE_LABELS[id],
      count: matching.filter((entry) => entry.namespace === id).length,
    })),
  };
}

function defaultOrNotFound(key: string, language: MessageLanguage): string {
  const fallback = defaultTextOf(key, language);
  if (fallback === undefined) throw notFound('Unknown text key.');
  return fallback;
}

/** Saves the override of one text in one language, checked against that language's default. */
export async function saveTextOverride(
  db: Database,
  text: { key: string; language: MessageLanguage; value: string },
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const { key, language, value } = text;
  const problem = overrideProblem(defaultOrNotFound(key, language), value);
  if (problem) throw invalidFields(problem, { value: problem });
  await db.transaction(async (tx) => {
    await tx
      .insert(textOverrides)
      .values({ key, language, value, updatedBy: actor.email, updatedAt: now })
      .onConflictDoUpdate({
        target: [textOverrides.key, textOverrides.language],
        set: { value, updatedBy: actor.email, updatedAt: now },
      });
    await recordAudit(tx, {
      actor,
      action: 'text.update',
      targetType: 'text',
      targetId: key,
      metadata: { key, language, value },
    });
  });
  cache.delete(db);
  await getTextOverridesMap(db);
}

/** Puts one text of one language back to its default; the other language's override stays. */
export async function resetTextOverride(
  db: Database,
  text: { key: string; language: MessageLanguage },
  actor: AuditActor,
): Promise<void> {
  const { key, language } = text;
  defaultOrNotFound(key, language);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(textOverrides)
      .where(and(eq(textOverrides.key, key), eq(textOverrides.language, language)))
      .returning({ key: textOverrides.key });
    if (removed.length === 0) throw notFound('This text has no override to reset.');
    await recordAudit(tx, {
      actor,
      action: 'text.reset',
      targetType: 'text',
      targetId: key,
      metadata: { key, language },
    });
  });
  cache.delete(db);
  await getTextOverridesMap(db);
}

/**
 * What GET /api/texts answers: the overrides of one language only (the language the visitor's
 * browser shows, else the request's), the smallest download for a visitor who reads one language.
 */
export async function textOverridesFor(db: Executor, language: Language): Promise<TextOverridesMap> {
  return { language, texts: (await getTextOverridesMap(db))[language] };
}
