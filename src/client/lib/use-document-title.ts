import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { formatPageTitle, hasPublicHead, normalisePagePath, type PageHead } from '@shared/page-heads';
import * as seoApi from '@shared/contract/seo';
import { callApi } from '@client/lib/api-client';

interface BootHead extends PageHead {
  path: string;
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
  return { path: normalisePagePath(window.location.pathname), title: document.title, description };
}

const bootHead = readBootHead();

/** The heads of public pages; the SEO screen invalidates them after a save so the tab follows. */
export const PAGE_HEAD_QUERY_KEY = ['page-head'] as const;

/** The server's head of a public page (GET /api/page-head), or undefined for other pages. */
function usePublicPageHead(path: string): PageHead | undefined {
  const isPublic = hasPublicHead(path);
  const query = useQuery({
    queryKey: [...PAGE_HEAD_QUERY_KEY, path],
    queryFn: ({ signal }) => callApi(seoApi.pageHead, { query: { path }, signal }),
    enabled: isPublic,
    initialData: bootHead?.path === path ? { title: bootHead.title, description: bootHead.description } : undefined,
    staleTime: 60_000,
    // The page's own title is a fine fallback: a failed load must never show an error.
    retry: false,
  });
  return isPublic ? query.data : undefined;
}

/**
 * Sets the tab title. A public page (the SEO table, vendor pages) shows the head the server
 * decides, an admin's SEO override included; `title` is only its fallback until that arrives.
 * Other pages show "title · Chaska"; pass null for the home page title.
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
