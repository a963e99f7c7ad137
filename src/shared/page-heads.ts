import { BRAND } from './brand';

/**
 * The one home of a public page's head (title and description). The server renders it into the
 * HTML for crawlers and first paint; the browser asks the server for the same head
 * (GET /api/page-head) when the app sets the tab title, so an admin's SEO override stays after
 * the app loads and across client-side navigation. No zod here: the landing page's first
 * download carries this file, and the schemas of GET /api/page-head live in admin-seo.ts.
 */

export const HOME_TITLE = `${BRAND.name} — ${BRAND.tagline}`;
export const DEFAULT_DESCRIPTION = `${BRAND.name}: digital loyalty cards for restaurants, cafes, bakeries and sweet shops across Pakistan. Collect stamps by QR code and earn rewards.`;

/** "Page · Chaska"; null is the home page's title. */
export function formatPageTitle(name: string | null): string {
  return name ? `${name} · ${BRAND.name}` : HOME_TITLE;
}

export interface PageHead {
  title: string;
  description: string;
}

/** Public pages crawlers should find, with their default head (an admin can override it). */
export const PUBLIC_PAGE_HEADS: Record<string, PageHead> = {
  '/': { title: HOME_TITLE, description: DEFAULT_DESCRIPTION },
  '/vendor-clubs': {
    title: formatPageTitle('Vendor Clubs'),
    description: `Join the loyalty clubs of restaurants, cafes, bakeries and sweet shops near you on ${BRAND.name}, and collect a stamp on every visit.`,
  },
  '/daily-chaska': {
    title: formatPageTitle(BRAND.dailyName),
    description: `Today's specials from local vendors on ${BRAND.dailyName}: limited stock at a discount, updated every 24 hours.`,
  },
  '/exclusive': {
    title: formatPageTitle('Exclusive Cards'),
    description: `VIP loyalty clubs with member-only benefits at premium vendors across Pakistan, on ${BRAND.name}.`,
  },
  '/free-cards': {
    title: formatPageTitle('Free Cards'),
    description: `Loyalty cards you can start collecting for free at local vendors, on ${BRAND.name}.`,
  },
  '/vendor-signup': {
    title: formatPageTitle('Become a vendor'),
    description: `Apply to bring your restaurant, cafe, bakery or sweet shop to ${BRAND.name} and reward your regular customers.`,
  },
  '/pricing': {
    title: formatPageTitle('Pricing'),
    description: `Monthly ${BRAND.name} plans for vendors in PKR: Starter, Standard, Premium and Enterprise.`,
  },
  '/support': {
    title: formatPageTitle('Support'),
    description: `Help with ${BRAND.name} cards, stamps, rewards and vendor accounts: contact us by e-mail or WhatsApp.`,
  },
  '/privacy': {
    title: formatPageTitle('Privacy Policy'),
    description: `How ${BRAND.name} collects, uses and protects your personal information.`,
  },
  '/terms': {
    title: formatPageTitle('Terms of Service'),
    description: `The terms for customers, vendors and visitors of ${BRAND.name}: accounts, stamps and rewards, vendors and fair use.`,
  },
  '/auth': { title: formatPageTitle('Sign in'), description: `Sign in or create your ${BRAND.name} account.` },
};

/** A public vendor page, /vendors/<slug>; the slug is group 1. */
export const VENDOR_PAGE_PATH = /^\/vendors\/([a-z0-9-]{1,120})$/;

/** Without the query and trailing slashes: "/pricing/?a=1" is "/pricing". */
export function normalisePagePath(url: string): string {
  const rawPath = url.split('?')[0]?.split('#')[0] ?? '/';
  return rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath || '/';
}

/** Pages whose head the server decides (and an admin may override); the rest title themselves. */
export function hasPublicHead(path: string): boolean {
  return path in PUBLIC_PAGE_HEADS || VENDOR_PAGE_PATH.test(path);
}
