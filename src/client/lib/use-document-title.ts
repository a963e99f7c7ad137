import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/i18n/languages';
import { formatPageTitle, hasPublicHead, normalisePagePath, type PageHead } from '@shared/seo/page-heads';
import * as seoApi from '@shared/seo/contract';
import { callApi } from '@client/lib/api-client';
import { useLanguage } from '@client/lib/translation';

interface BootHead extends PageHead {
  path: string;
  /** The language the server wrote it in (<html lang>): after a switch, the head is asked for again. */
  language: Language;
}

/**
 * The head the server wrote into the HTML for the address the app started on. It is already the
 * resolved one (an admin's override included), so the first screen needs no request for it.
 */
function readBootHead(): BootHead | null {
  if (typeof document === 'undefined') return null;
  const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
  // The development server sends the bare template: nothing to trust there.
  if (!document.title || !description) return null;
  const lang = document.documentElement.lang;
  return {
    path: normalisePagePath(window.location.pathname),
    language: isLanguage(lang) ? lang : DEFAULT_LANGUAGE,
    title: document.title,
    description,
  };
}

const bootHead = readBootHead();

/** The heads of public pages; the SEO screen invalidates them after a save so the tab follows. */
export const PAGE_HEAD_QUERY_KEY = ['page-head'] as const;

/**
 * The server's head of a public page (GET /api/page-head), or undefined for other pages. The server
 * answers in the language of the request (the switch writes the cookie before the page changes),
 * so each language has its own entry.
 */
function usePublicPageHead(path: string): PageHead | undefined {
  const isPublic = hasPublicHead(path);
  const language = useLanguage();
  const query = useQuery({
    queryKey: [...PAGE_HEAD_QUERY_KEY, path, language],
    queryFn: ({ signal }) => callApi(seoApi.pageHead, { query: { path }, signal }),
    enabled: isPublic,
    initialData:
      bootHead?.path === path && bootHead.language === language
        ? { title: bootHead.title, description: bootHead.description }
        : undefined,
    staleTime: 60_000,
    // The page's own title is a fine fallback: a failed load must never show an error.
    retry: false,
  });
  return isPublic ? query.data : undefined;
}

/**
 * Sets the tab title, in the language shown. A public page (the SEO table, vendor pages) shows the
 * head the server decides in that language, an admin's SEO override included; `title` is only its
 * fallback until that arrives. Other pages show "title · Chaska" (pass a catalogue text); pass
 * null for the home page title.
 */
export function useDocumentTitle(title: string | null): void {
  const path = normalisePagePath(useLocation().pathname);
  const head = usePublicPageHead(path);
  const headTitle = head?.title;
  const headDescription = head?.description;
  useEffect(() => {
    document.title = headTitle ?? formatPageTitle(title);
    if (headDescription) document.querySelector('meta[name="description"]')?.setAttribute('content', headDescription);
  }, [title, headTitle, headDescription]);
}
