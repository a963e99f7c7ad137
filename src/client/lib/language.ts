import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_DIRECTION,
  LANGUAGE_PARAM,
  isLanguage,
  type Language,
} from '@shared/i18n/languages';
import { catalogue, currentLanguage, loadedNamespaces, loadNamespaces } from './i18n';

function markPage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = LANGUAGE_DIRECTION[language];
}

/**
 * Shows the interface in `language`: its catalogue (fetched first, so the page never shows keys),
 * <html lang dir> (the layout mirrors through logical properties), the Nastaliq font for Urdu,
 * and the cookie the server reads to write the next page in the same language.
 */
export async function showLanguage(language: Language): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
  if (language === currentLanguage()) return;
  // The texts first (the Urdu chunk brings the font with it), then the page flips at once:
  // <html lang dir> (read by the date formats too) and the re-render in the new language.
  await loadNamespaces(language, loadedNamespaces(currentLanguage()));
  markPage(language);
  catalogue.activate(language);
}

/**
 * The language chosen in the address this page was first opened with (?lang=, a switch tapped
 * before the page was interactive): the server wrote the page in it. Read once, at start, before
 * useDropLanguageParam takes it out of the address.
 */
const addressLanguageChoice: Language | null = (() => {
  if (typeof window === 'undefined') return null;
  const chosen = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  return isLanguage(chosen) ? chosen : null;
})();

/**
 * The person's explicit choice of the language on screen, made in this page's address, or null.
 * A signed-in page saves it to the account rather than going back to the account's old language.
 */
export function chosenInAddress(): Language | null {
  return addressLanguageChoice !== null && addressLanguageChoice === currentLanguage() ? addressLanguageChoice : null;
}

/** The address with its language choice (?lang=, decision 059) taken out, or null when it has none. */
function withoutLanguageParam(location: { pathname: string; search: string; hash: string }): string | null {
  const params = new URLSearchParams(location.search);
  if (!params.has(LANGUAGE_PARAM)) return null;
  params.delete(LANGUAGE_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/**
 * Once the page is interactive, takes ?lang= out of the address: the server has already written
 * the page in that language and set the cookie, and a shared or bookmarked address should not
 * carry the choice to someone else.
 */
export function useDropLanguageParam(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const cleaned = withoutLanguageParam(location);
    if (cleaned !== null) void navigate(cleaned, { replace: true });
  }, [location, navigate]);
}
