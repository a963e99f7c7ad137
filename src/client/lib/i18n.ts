import { setupI18n, type I18n } from '@lingui/core';
import common from '@shared/i18n/en/common';
import landing from '@shared/i18n/en/landing';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALE, START_NAMESPACES, type Language } from '@shared/i18n/languages';
import { DEFAULT_TEXT_VARIABLES } from '@shared/i18n/placeholders';
import { compileNamespace, formatMessage, type Messages } from '@shared/i18n/compile-texts';

/**
 * The interface's message catalogue (decisions 024 and 063): the texts of each language by
 * namespace, compiled for Lingui's runtime, with the admin's overrides laid over them. A screen's
 * module registers its English namespace as it loads; Urdu namespaces and a few English ones are
 * fetched when a screen first asks for them (useTranslation suspends until they are in).
 */

type Texts = Record<string, string>;
type Loader = () => Promise<{ default: Texts }>;
export type TextValues = Record<string, unknown>;

/**
 * The namespaces fetched when a screen asks for one that its module did not register (see
 * registerCatalogue); the header, footer and landing page texts ship with the entry.
 */
const LAZY_NAMESPACES: Record<string, Loader> = {
  auth: () => import('@shared/i18n/en/auth'),
  terms: () => import('@shared/i18n/en/terms'),
  privacy: () => import('@shared/i18n/en/privacy'),
  support: () => import('@shared/i18n/en/support'),
};

/** The page's language as the server wrote it on <html lang> (cookie, else Accept-Language). */
function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Each language's catalogue texts per loaded namespace, kept apart from the overrides laid over them. */
const defaults: Record<Language, Map<string, Texts>> = { en: new Map(), ur: new Map() };
/** The admin's overrides of each language's texts (GET /api/texts), by full key "namespace:key". */
const overrides: Record<Language, Texts> = { en: {}, ur: {} };
/**
 * The compiled messages of each language: one object per language, shared by the browser's
 * catalogue and every page the server renders, so a namespace loaded once serves them all.
 */
const messages: Record<Language, Messages> = { en: {}, ur: {} };
/** Namespaces on their way, by "language:namespace", so that every screen asking waits for one fetch. */
const fetching = new Map<string, Promise<void>>();

/** A namespace's texts as shown in a language: its catalogue with the admin's overrides of that language on top. */
function withOverrides(language: Language, namespace: string, texts: Texts): Texts {
  const prefix = `${namespace}:`;
  const layer = Object.entries(overrides[language]).filter(([key]) => key.startsWith(prefix));
  return { ...texts, ...Object.fromEntries(layer.map(([key, text]) => [key.slice(prefix.length), text])) };
}

function install(language: Language, namespace: string, texts: Texts): void {
  defaults[language].set(namespace, texts);
  Object.assign(messages[language], compileNamespace(namespace, withOverrides(language, namespace, texts)));
}

install('en', 'common', common);
install('en', 'landing', landing);

/** A catalogue reading the shared messages, showing `language`. */
export function createCatalogue(language: Language): I18n {
  // A key no loaded namespace has shows as itself, as i18next did (catalogue.test.ts proves the
  // code asks for none the catalogue lacks).
  return setupI18n({ locale: language, messages: { en: messages.en, ur: messages.ur }, missing: (_, id) => id });
}

/** The browser's catalogue (the server renders each page with its own, from createCatalogue). */
export const catalogue = createCatalogue(pageLanguage());

export function isNamespaceLoaded(language: Language, namespace: string): boolean {
  return defaults[language].has(namespace);
}

async function fetchTexts(language: Language, namespace: string): Promise<Texts> {
  if (language === 'ur') return (await import('./urdu')).loadUrduNamespace(namespace);
  const load = LAZY_NAMESPACES[namespace];
  if (!load) throw new Error(`No catalogue namespace ${namespace}`);
  return (await load()).default;
}

/**
 * One namespace in one language, fetched once; the same promise for every caller until it is in
 * (React's use() needs that). A failed fetch is forgotten, so the next screen to ask tries again.
 */
export function loadNamespace(language: Language, namespace: string): Promise<void> {
  if (isNamespaceLoaded(language, namespace)) return Promise.resolve();
  const key = `${language}:${namespace}`;
  let load = fetching.get(key);
  if (!load) {
    load = fetchTexts(language, namespace).then(
      (texts) => {
        install(language, namespace, texts);
        fetching.delete(key);
      },
      (error: unknown) => {
        fetching.delete(key);
        throw error;
      },
    );
    fetching.set(key, load);
  }
  return load;
}

export async function loadNamespaces(language: Language, namespaces: readonly string[]): Promise<void> {
  await Promise.all(namespaces.map((namespace) => loadNamespace(language, namespace)));
}

/** A promise React's use() reads at once: marked fulfilled the way React marks the ones it tracks. */
const READY: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
const waits = new Map<string, Promise<void>>();

/**
 * What a screen waits for before it shows texts: the namespaces in one language, as one promise
 * per set for as long as it is pending (use() needs the same one on each try), and an already
 * fulfilled one once they are in, so use() goes on without suspending. A screen calls use() on it
 * every render, never conditionally: React replays a suspended component's hooks in order.
 */
export function namespacesReady(language: Language, namespaces: readonly string[]): Promise<void> {
  if (namespaces.every((namespace) => isNamespaceLoaded(language, namespace))) return READY;
  const key = `${language}:${namespaces.join(',')}`;
  let wait = waits.get(key);
  if (!wait) {
    wait = loadNamespaces(language, namespaces).finally(() => waits.delete(key));
    waits.set(key, wait);
  }
  return wait;
}

/** Every namespace the page has in one language, in another: what a switch of language waits for. */
export function loadedNamespaces(language: Language): string[] {
  return [...defaults[language].keys()];
}

/**
 * A screen module registers its namespace as it loads, so the catalogue rides in the screen's own
 * chunks (preloaded with them) instead of being fetched after the screen first renders.
 */
export function registerCatalogue(namespace: string, texts: Texts): void {
  if (!isNamespaceLoaded('en', namespace)) install('en', namespace, texts);
}

/**
 * Lays the admin's overrides of one language over that language's loaded namespaces (and the
 * ones loaded later); the other language keeps its own. Screens showing texts re-render.
 */
export function applyTextOverrides(language: Language, next: Texts): void {
  overrides[language] = next;
  for (const [namespace, texts] of defaults[language]) install(language, namespace, texts);
  catalogue.emit('change');
}

/**
 * A text by full key (namespace:key, or a key of `namespace`), with its values and the
 * brand's name, in the catalogue's language; a text no loaded namespace has shows as its key.
 */
export function translateWith(i18n: I18n, key: string, values?: TextValues, namespace = 'common'): string {
  const id = key.includes(':') ? key : `${namespace}:${key}`;
  const language = languageOf(i18n);
  const message = messages[language][id];
  // A key no loaded namespace has shows as itself, as i18next did.
  if (!message) return id;
  return formatMessage(message, { ...DEFAULT_TEXT_VARIABLES, ...values }, LANGUAGE_LOCALE[language]);
}

/** A text in the page's language, for code outside components (a field message, a file's title). */
export function translate(key: string, values?: TextValues): string {
  return translateWith(catalogue, key, values);
}

/** The language a catalogue shows. */
export function languageOf(i18n: I18n): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The language the page shows now, for code outside components. */
export function currentLanguage(): Language {
  return languageOf(catalogue);
}

// An Urdu page's start texts are asked for now, before the first render suspends on them (the
// page's head has already preloaded their chunks).
if (currentLanguage() !== DEFAULT_LANGUAGE)
  void loadNamespaces(currentLanguage(), START_NAMESPACES).catch(() => undefined);
