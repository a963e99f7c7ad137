import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALE, type Language } from './i18n/languages';

/** In the browser, the language of the page (<html lang>, which the language switch sets). */
function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

let languageSource: () => Language = pageLanguage;

/**
 * Who says which language dates are written in: the page's <html lang> in the browser (the
 * language switch sets it), the request or the e-mail's recipient on the server (decision 039).
 * en-PK and ur-PK, both in Pakistan time.
 */
export function setFormatLanguageSource(source: () => Language): void {
  languageSource = source;
}

/** The Intl locale dates and numbers are written in right now (en-PK or ur-PK). */
export function formatLocale(): string {
  return LANGUAGE_LOCALE[languageSource()];
}
