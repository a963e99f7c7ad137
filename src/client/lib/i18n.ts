import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '@shared/i18n/en/common';
import landing from '@shared/i18n/en/landing';
import { DEFAULT_LANGUAGE, isLanguage, START_NAMESPACES, type Language } from '@shared/i18n/languages';
import { DEFAULT_TEXT_VARIABLES } from '@shared/i18n/placeholders';

type Texts = Record<string, string>;
type Loader = () => Promise<{ default: Texts }>;

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
const defaults: Record<Language, Map<string, Texts>> = {
  en: new Map<string, Texts>([
    ['common', common],
    ['landing', landing],
  ]),
  ur: new Map(),
};
/** The admin's overrides of each language's texts (GET /api/texts), by full key "namespace:key". */
const overrides: Record<Language, Texts> = { en: {}, ur: {} };

/** A namespace's texts as shown in a language: its catalogue with the admin's overrides of that language on top. */
function withOverrides(language: Language, namespace: string, texts: Texts): Texts {
  const prefix = `${namespace}:`;
  const layer = Object.entries(overrides[language]).filter(([key]) => key.startsWith(prefix));
  return { ...texts, ...Object.fromEntries(layer.map(([key, text]) => [key.slice(prefix.length), text])) };
}

const lazyCatalogue: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (language === 'ur') {
      import('./urdu')
        .then((urdu) => urdu.loadUrduNamespace(namespace))
        .then(
          (texts) => {
            defaults.ur.set(namespace, texts);
            callback(null, withOverrides('ur', namespace, texts) as ResourceKey);
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
        );
      return;
    }
    const load = LAZY_NAMESPACES[namespace];
    if (!load) {
      callback(new Error(`No catalogue namespace ${namespace}`), false);
      return;
    }
    load().then(
      (module) => {
        defaults.en.set(namespace, module.default);
        callback(null, withOverrides('en', namespace, module.default) as ResourceKey);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

void i18next
  .use(lazyCatalogue)
  .use(initReactI18next)
  .init({
    lng: pageLanguage(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'ur'],
    ns: [...START_NAMESPACES],
    defaultNS: 'common',
    resources: { en: { common, landing } },
    partialBundledLanguages: true,
    initAsync: false,
    // Keys are flat ("hero.headline"); the namespace comes first: t('landing:hero.headline').
    keySeparator: false,
    nsSeparator: ':',
    interpolation: { escapeValue: false, defaultVariables: DEFAULT_TEXT_VARIABLES },
    react: { useSuspense: true, bindI18nStore: 'added' },
  });

/**
 * A screen module registers its namespace as it loads, so the catalogue rides in the screen's own
 * chunks (preloaded with them) instead of being fetched after the screen first renders.
 */
export function registerCatalogue(namespace: string, texts: Texts): void {
  if (defaults.en.has(namespace)) return;
  defaults.en.set(namespace, texts);
  i18next.addResourceBundle('en', namespace, withOverrides('en', namespace, texts), false, true);
}

/**
 * Lays the admin's overrides of one language over that language's loaded namespaces (and the
 * ones loaded later); the other language keeps its own.
 */
export function applyTextOverrides(language: Language, next: Texts): void {
  overrides[language] = next;
  for (const [namespace, texts] of defaults[language])
    i18next.addResourceBundle(language, namespace, withOverrides(language, namespace, texts), false, true);
}

export { i18next };
