import type { FastifyRequest } from 'fastify';
import { BRAND } from '../../../shared/brand';
import type { PublicVendorDetail } from '../../../shared/marketplace';
import { CATEGORY_LABELS } from '../../../shared/places';
import { WEEKDAYS } from '../../../shared/vendors';
import type { AppDeps } from '../../app-deps';
import { renderHead } from '../../plugins/spa';
import { findPublicVendor } from '../marketplace/get-public-vendor';
import { findSeoOverride } from './seo-overrides';

const DEFAULT_DESCRIPTION = `${BRAND.name}: digital loyalty cards for restaurants, cafes, bakeries and sweet shops across Pakistan. Collect stamps by QR code and earn rewards.`;
const HOME_TITLE = `${BRAND.name} — ${BRAND.tagline}`;

/** The same "Page · Chaska" form the browser sets with useDocumentTitle. */
export function pageTitle(title: string): string {
  return `${title} · ${BRAND.name}`;
}

export interface StaticHead {
  title: string;
  description: string;
}

/** Public pages crawlers should find, with their default head (an admin can override it). */
export const STATIC_HEADS: Record<string, StaticHead> = {
  '/': { title: HOME_TITLE, description: DEFAULT_DESCRIPTION },
  '/vendor-clubs': {
    title: pageTitle('Vendor Clubs'),
    description: `Join the loyalty clubs of restaurants, cafes, bakeries and sweet shops near you on ${BRAND.name}, and collect a stamp on every visit.`,
  },
  '/daily-chaska': {
    title: pageTitle(BRAND.dailyName),
    description: `Today's specials from local vendors on ${BRAND.dailyName}: limited stock at a discount, updated every 24 hours.`,
  },
  '/exclusive': {
    title: pageTitle('Exclusive Cards'),
    description: `VIP loyalty clubs with member-only benefits at premium vendors across Pakistan, on ${BRAND.name}.`,
  },
  '/free-cards': {
    title: pageTitle('Free Cards'),
    description: `Loyalty cards you can start collecting for free at local vendors, on ${BRAND.name}.`,
  },
  '/vendor-signup': {
    title: pageTitle('Become a vendor'),
    description: `Apply to bring your restaurant, cafe, bakery or sweet shop to ${BRAND.name} and reward your regular customers.`,
  },
  '/pricing': {
    title: pageTitle('Pricing'),
    description: `Monthly ${BRAND.name} plans for vendors in PKR: Starter, Standard, Premium and Enterprise.`,
  },
  '/support': {
    title: pageTitle('Support'),
    description: `Help with ${BRAND.name} cards, stamps, rewards and vendor accounts: contact us by e-mail or WhatsApp.`,
  },
  '/privacy': {
    title: pageTitle('Privacy Policy'),
    description: `How ${BRAND.name} collects, uses and protects your personal information.`,
  },
  '/auth': { title: pageTitle('Sign in'), description: `Sign in or create your ${BRAND.name} account.` },
};

const VENDOR_PATH = /^\/vendors\/([a-z0-9-]{1,120})\/?$/;

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside a script element: "<" is escaped so no value can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function capitalise(day: string): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** schema.org LocalBusiness, so search engines show the address, phone and hours. */
export function localBusinessJsonLd(vendor: PublicVendorDetail, url: string): Record<string, unknown> {
  const hours = vendor.openingHours
    ? WEEKDAYS.filter((day) => !vendor.openingHours?.[day].closed).map((day) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${capitalise(day)}`,
        opens: vendor.openingHours?.[day].open,
        closes: vendor.openingHours?.[day].close,
      }))
    : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: vendor.businessName,
    ...(vendor.businessDescription ? { description: vendor.businessDescription } : {}),
    url,
    telephone: vendor.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${vendor.address}, ${vendor.area}`,
      addressLocality: vendor.city,
      addressCountry: 'PK',
    },
    ...(vendor.website ? { sameAs: [vendor.website] } : {}),
    ...(hours ? { openingHoursSpecification: hours } : {}),
  };
}

function vendorDescription(vendor: PublicVendorDetail): string {
  const where = `${CATEGORY_LABELS[vendor.businessCategory]} in ${vendor.area}, ${vendor.city}.`;
  const intro = vendor.businessDescription ? `${vendor.businessDescription} ` : '';
  return `${intro}${where} Collect stamps and earn rewards at ${vendor.businessName} with ${BRAND.name}.`;
}

function socialTags(title: string, description: string, url: string): string {
  return [
    `\n    <link rel="canonical" href="${escapeAttribute(url)}" />`,
    `\n    <meta property="og:site_name" content="${escapeAttribute(BRAND.name)}" />`,
    `\n    <meta property="og:title" content="${escapeAttribute(title)}" />`,
    `\n    <meta property="og:description" content="${escapeAttribute(description)}" />`,
    `\n    <meta property="og:url" content="${escapeAttribute(url)}" />`,
  ].join('');
}

/** The admin-set head of a path (SEO Automation), cached for a few seconds. */
function adminOverride(deps: AppDeps, path: string): Promise<StaticHead | null> {
  return findSeoOverride(deps.database.db, path);
}

async function resolve(deps: AppDeps, path: string): Promise<string> {
  const url = `${deps.config.publicUrl}${path === '/' ? '' : path}`;
  const vendorMatch = VENDOR_PATH.exec(path);
  if (vendorMatch) {
    const vendor = await findPublicVendor(deps.database.db, vendorMatch[1] ?? '', deps.clock.now());
    if (!vendor) {
      return renderHead(pageTitle('Vendor not found'), DEFAULT_DESCRIPTION, '\n    <meta name="robots" content="noindex" />');
    }
    const override = await adminOverride(deps, path);
    const title = override?.title ?? pageTitle(`${vendor.businessName}, ${vendor.city}`);
    const description = override?.description ?? vendorDescription(vendor);
    const jsonLd = `\n    <script type="application/ld+json">${jsonForScript(localBusinessJsonLd(vendor, url))}</script>`;
    return renderHead(title, description, socialTags(title, description, url) + jsonLd);
  }
  const known = STATIC_HEADS[path];
  if (!known) {
    // Dashboards and links from e-mails: nothing for a search engine to index.
    return renderHead(HOME_TITLE, DEFAULT_DESCRIPTION, '\n    <meta name="robots" content="noindex" />');
  }
  const head = (await adminOverride(deps, path)) ?? known;
  return renderHead(head.title, head.description, socialTags(head.title, head.description, url));
}

/** The HTML head for a path: the title, description and structured data a crawler reads. */
export async function resolvePageHead(deps: AppDeps, request: FastifyRequest): Promise<string> {
  const rawPath = request.url.split('?')[0] ?? '/';
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  try {
    return await resolve(deps, path);
  } catch (error) {
    // The page must still load when the database hiccups; only the head falls back.
    request.log.warn({ err: error }, 'page head fell back to the default');
    return renderHead(HOME_TITLE, DEFAULT_DESCRIPTION);
  }
}
