import { AsyncLocalStorage } from 'node:async_hooks';
import { setFieldTranslator } from '@shared/field-messages';
import { EN_CATALOGUE, NAMESPACES, type Namespace } from '@shared/i18n/catalogue';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALE, type Language } from '@shared/i18n/languages';
import { interfaceLanguageOf, ROMAN_URDU, ROMAN_URDU_TEXTS, type MessageLanguage } from '@shared/i18n/roman-urdu';
import { DEFAULT_TEXT_VARIABLES } from '@shared/i18n/placeholders';
import { setFormatLanguageSource } from '@shared/format-locale';
import {
  catalogueTranslator,
  compileCatalogue,
  formatMessage,
  type CatalogueText,
  type Messages,
} from '@shared/i18n/compile-texts';

type Texts = Record<string, string>;

/**
 * The server's texts (e-mails, refusals, messages): the same catalogue files and the same
 * formatter as the browser (shared/i18n/compile-texts), with the admin's overrides laid over them.
 * The overrides are held in memory: replaced whenever this process reads them
 * (getTextOverridesMap), which happens at start, after every save or reset, and on each tick of
 * the e-mail worker.
 */
let translate: CatalogueText = catalogueTranslator({ en: EN_CATALOGUE, ur: UR_CATALOGUE });

/** The admin's overrides of each language's texts, by full key (decision 047); Roman Urdu's are phone texts (082). */
export type TextOverridesByLanguage = Record<MessageLanguage, Texts>;

/** Full keys to texts as the compiler takes them: by namespace. */
function byNamespace(texts: Texts): Record<string, Texts> {
  const grouped: Record<string, Texts> = {};
  for (const [fullKey, text] of Object.entries(texts)) {
    const colon = fullKey.indexOf(':');
    (grouped[fullKey.slice(0, colon)] ??= {})[fullKey.slice(colon + 1)] = text;
  }
  return grouped;
}

/** Roman Urdu's few texts (the phone's), compiled; any other key is written in English. */
let romanUrdu: Messages = compileCatalogue(byNamespace(ROMAN_URDU_TEXTS));

const CATALOGUES: Record<Language, Record<Namespace, Texts>> = { en: EN_CATALOGUE, ur: UR_CATALOGUE };
let appliedOverrides: TextOverridesByLanguage | undefined;

/**
 * Lays each language's overrides (full key to text) over that language's catalogue, replacing the
 * previous ones: an Urdu override changes what the server says in Urdu only.
 */
export function setServerTextOverrides(overrides: TextOverridesByLanguage): void {
  if (overrides === appliedOverrides) return;
  appliedOverrides = overrides;
  const layered = (language: Language) =>
    Object.fromEntries(
      NAMESPACES.map((namespace) => {
        const prefix = `${namespace}:`;
        const layer = Object.entries(overrides[language])
          .filter(([key]) => key.startsWith(prefix))
          .map(([key, text]) => [key.slice(prefix.length), text]);
        return [namespace, { ...CATALOGUES[language][namespace], ...Object.fromEntries(layer) }];
      }),
    );
  translate = catalogueTranslator({ en: layered('en'), ur: layered('ur') });
  romanUrdu = compileCatalogue(byNamespace({ ...ROMAN_URDU_TEXTS, ...overrides[ROMAN_URDU] }));
}

/**
 * The language serverText answers in: the request's (set for each request by the
 * request-language plugin) or the recipient's while an e-mail is rendered (inTextLanguage).
 */
const textLanguage = new AsyncLocalStorage<MessageLanguage>();

/**
 * Runs `work` with serverText answering in `language` (an e-mail for its recipient, a request for
 * its reader, a WhatsApp message or an SMS in Roman Urdu too).
 */
export function inTextLanguage<T>(language: MessageLanguage, work: () => T): T {
  return textLanguage.run(language, work);
}

/** The interface language serverText answers in right now (Roman Urdu's dates and numbers are English's). */
export function currentTextLanguage(): Language {
  return interfaceLanguageOf(textLanguage.getStore() ?? DEFAULT_LANGUAGE);
}

/** A catalogue text by full key ("emails:welcome.subject") with its values; `count` picks the plural form. */
export function serverText(key: string, values?: Record<string, string | number>): string {
  const roman = textLanguage.getStore() === ROMAN_URDU ? romanUrdu[key] : undefined;
  if (roman) return formatMessage(roman, { ...DEFAULT_TEXT_VARIABLES, ...values }, LANGUAGE_LOCALE.en);
  return translate(currentTextLanguage(), key, values);
}

// The shared zod schemas' field messages (400 answers) come from this translator, overrides included.
setFieldTranslator((key, values) => serverText(key, values));
// Dates and prices the server writes (e-mails, messages) follow the same language.
setFormatLanguageSource(currentTextLanguage);
