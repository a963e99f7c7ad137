import { AsyncLocalStorage } from 'node:async_hooks';
import i18next from 'i18next';
import { setFieldTranslator } from '@shared/field-messages';
import { EN_CATALOGUE, NAMESPACES, type Namespace } from '@shared/i18n/catalogue';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/i18n/languages';
import { setFormatLanguageSource } from '@shared/format-locale';
import { DEFAULT_TEXT_VARIABLES } from '@shared/i18n/placeholders';

type Texts = Record<string, string>;

/**
 * The server's translator (e-mails): the same catalogue files and i18next rules as the browser,
 * with the admin's overrides laid over them. The overrides are held in memory: replaced whenever
 * this process reads them (getTextOverridesMap), which happens at start, after every save or
 * reset, and on each tick of the e-mail worker.
 */
const translator = i18next.createInstance();
void translator.init({
  lng: 'en',
  fallbackLng: 'en',
  ns: NAMESPACES,
  defaultNS: 'emails',
  // Copies: i18next writes each added bundle into these objects, and the catalogues must keep the
  // defaults (a reset lays them back, and the Global Text Editor lists them).
  resources: { en: structuredClone(EN_CATALOGUE), ur: structuredClone(UR_CATALOGUE) },
  initAsync: false,
  keySeparator: false,
  nsSeparator: ':',
  // E-mail layouts escape every text themselves (HTML and plain text differ).
  interpolation: { escapeValue: false, defaultVariables: DEFAULT_TEXT_VARIABLES },
});

/** The admin's overrides of each language's texts, by full key (decision 047). */
export type TextOverridesByLanguage = Record<Language, Texts>;

const CATALOGUES: Record<Language, Record<Namespace, Texts>> = { en: EN_CATALOGUE, ur: UR_CATALOGUE };
let appliedOverrides: TextOverridesByLanguage | undefined;

/**
 * Lays each language's overrides (full key to text) over that language's catalogue, replacing the
 * previous ones: an Urdu override changes what the server says in Urdu only.
 */
export function setServerTextOverrides(overrides: TextOverridesByLanguage): void {
  if (overrides === appliedOverrides) return;
  appliedOverrides = overrides;
  for (const language of LANGUAGES) {
    for (const namespace of NAMESPACES) {
      const prefix = `${namespace}:`;
      const layer = Object.entries(overrides[language])
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, text]) => [key.slice(prefix.length), text]);
      translator.addResourceBundle(
        language,
        namespace,
        { ...CATALOGUES[language][namespace], ...Object.fromEntries(layer) },
        false,
        true,
      );
    }
  }
}

/**
 * The language serverText answers in: the request's (set for each request by the
 * request-language plugin) or the recipient's while an e-mail is rendered (inTextLanguage).
 */
const textLanguage = new AsyncLocalStorage<Language>();

/** Runs `work` with serverText answering in `language` (an e-mail for its recipient, a request for its reader). */
export function inTextLanguage<T>(language: Language, work: () => T): T {
  return textLanguage.run(language, work);
}

/** The language serverText answers in right now. */
export function currentTextLanguage(): Language {
  return textLanguage.getStore() ?? DEFAULT_LANGUAGE;
}

/** A catalogue text by full key ("emails:welcome.subject") with its values; `count` picks the plural form. */
export function serverText(key: string, values?: Record<string, string | number>): string {
  return translator.t(key, { ...values, lng: currentTextLanguage() });
}

// The shared zod schemas' field messages (400 answers) come from this translator, overrides included.
setFieldTranslator((key, values) => serverText(key, values));
// Dates and prices the server writes (e-mails, messages) follow the same language.
setFormatLanguageSource(currentTextLanguage);
