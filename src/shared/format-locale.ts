import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_DIRECTION, LANGUAGE_LOCALE, type Language } from './i18n/languages';

/** In the browser, the language of the page (<html lang>, which the language switch sets). */
function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

let languageSource: () => Language = pageLanguage;

/**
 * Who says which language dates are written in: the page's <html lang> in the browser (the
 * language switch sets it), the request or the e-mail's recipient on the server (decision 039).
 * en-PK and ur-PK, both in Pakistan time. Answers the source it replaced, for a test to put back.
 */
export function setFormatLanguageSource(source: () => Language): () => Language {
  const replaced = languageSource;
  languageSource = source;
  return replaced;
}

/** The Intl locale dates and numbers are written in right now (en-PK or ur-PK). */
export function formatLocale(): string {
  return LANGUAGE_LOCALE[languageSource()];
}

/**
 * What a missing date reads as (SPEC.md: "N/A" for a billing date there is none of). It belongs
 * with the locale, not a catalogue: the formatters are shared by the server and the entry bundle,
 * and a word per language here costs the English first load nothing, where the Urdu catalogue would.
 */
const MISSING_VALUE: Record<Language, string> = { en: 'N/A', ur: 'دستیاب نہیں' };

/** "N/A" in the reader's language. */
export function missingValueText(): string {
  return MISSING_VALUE[languageSource()];
}

/**
 * A value written left to right (a phone number "0300 1234567") kept in one piece inside a
 * right-to-left sentence: in Urdu its two groups of digits are separate runs, which the
 * bidirectional algorithm shows as "1234567 0300". Unicode's left-to-right isolate (LRI … PDI)
 * holds them together; English is unchanged.
 */
export function keepLeftToRight(text: string): string {
  return text && LANGUAGE_DIRECTION[languageSource()] === 'rtl' ? `\u2066${text}\u2069` : text;
}
