/**
 * The languages of the interface (decision 039): English (SPEC.md's wording) and Urdu. No zod and
 * no catalogue here: the first download of every page carries this file.
 */
export const LANGUAGES = ['en', 'ur'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The namespaces every page shows from the start (header, footer, landing page): in the entry in
 * English, and the first Urdu texts an Urdu page fetches (and the server preloads).
 */
export const START_NAMESPACES = ['common', 'landing'] as const;

/** The cookie that carries the choice of a visitor (and of an account, for the server-rendered page). */
export const LANGUAGE_COOKIE = 'chaska_lang';

/** A year: the choice outlives the visit; the account keeps it for signed-in people. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The query parameter of a page address that chooses its language (and sets the cookie): what
 * the language switch sends when tapped before the page is interactive (decision 059).
 */
export const LANGUAGE_PARAM = 'lang';

/** How the language switch names each language: in its own script, so a reader finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ur: 'اردو' };

/** Writing direction, for <html dir>. */
export const LANGUAGE_DIRECTION: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', ur: 'rtl' };

/** The Intl locale of dates and numbers (Pakistan's conventions in both languages). */
export const LANGUAGE_LOCALE: Record<Language, string> = { en: 'en-PK', ur: 'ur-PK' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of our languages in an Accept-Language header, by its q weights ("ur-PK,ur;q=0.9,
 * en;q=0.8" is Urdu); English when none matches or the header is absent.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && !Number.isNaN(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language of a page request: the visitor's cookie first, then the browser's Accept-Language. */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  return isLanguage(cookie) ? cookie : languageFromAcceptLanguage(acceptLanguage);
}
