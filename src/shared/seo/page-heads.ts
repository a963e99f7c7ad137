import { BRAND } from '@shared/brand';

/**
 * The one home of a public page's head (title and description): which pages have one, and how a
 * title is written. The server renders the head, in the reader's language, into the HTML for
 * crawlers and first paint; the browser asks the server for the same head
 * (GET /api/page-head) when the app sets the tab title, so an admin's SEO override stays after
 * the app loads and across client-side navigation. No zod here: the landing page's first
 * download carries this file, and the schemas of GET /api/page-head live in admin-seo.ts.
 */

export const HOME_TITLE = `${BRAND.name} — ${BRAND.tagline}`;

/** "Page · Chaska"; null is the home page's title. */
export function formatPageTitle(name: string | null): string {
  return name ? `${name} · ${BRAND.name}` : HOME_TITLE;
}

export interface PageHead {
  title: string;
  description: string;
}

/**
 * Public pages crawlers should find. Their default heads are catalogue texts (namespace `heads`),
 * which the server reads in the reader's language (src/server/modules/seo/public-page-heads.ts);
 * an admin can override each one.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/vendor-clubs',
  '/daily-chaska',
  '/exclusive',
  '/free-cards',
  '/vendor-signup',
  '/pricing',
  '/support',
  '/privacy',
  '/terms',
  '/auth',
] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

export function isPublicPagePath(path: string): path is PublicPagePath {
  return (PUBLIC_PAGE_PATHS as readonly string[]).includes(path);
}

/** A public vendor page, /vendors/<slug>; the slug is group 1. */
export const VENDOR_PAGE_PATH = /^\/vendors\/([a-z0-9-]{1,120})$/;

/** Without the query and trailing slashes: "/pricing/?a=1" is "/pricing". */
export function normalisePagePath(url: string): string {
  const rawPath = url.split('?')[0]?.split('#')[0] ?? '/';
  return rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath || '/';
}

/** Pages whose head the server decides (and an admin may override); the rest title themselves. */
export function hasPublicHead(path: string): boolean {
  return isPublicPagePath(path) || VENDOR_PAGE_PATH.test(path);
}
