import type { FastifyRequest } from 'fastify';
import { BRAND } from '@shared/brand';
import type { PublicVendorDetail } from '@shared/marketplace';
import {
  DEFAULT_DESCRIPTION,
  HOME_TITLE,
  PUBLIC_PAGE_HEADS,
  VENDOR_PAGE_PATH,
  formatPageTitle,
  normalisePagePath,
  type PageHead,
} from '@shared/page-heads';
import { CATEGORY_LABELS } from '@shared/places';
import { WEEKDAYS } from '@shared/vendors';
import type { AppDeps } from '@server/app-deps';
import { renderHead } from '@server/plugins/spa';
import { findPublicVendor } from '@server/modules/marketplace/get-public-vendor';
import { findSeoOverride } from './seo-overrides';

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside a script element: "<" is escaped so no value can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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

/** A public page's head: the title and description both the HTML and the browser app show. */
export interface ResolvedHead extends PageHead {
  /** Extra head elements for the HTML only: canonical, social tags, structured data, noindex. */
  extra: string;
}

/**
 * The head of a public page, the admin's override first (SEO Automation); null for addresses
 * that are not public pages (dashboards, links from e-mails), which title themselves.
 */
export async function resolvePublicHead(deps: AppDeps, path: string): Promise<ResolvedHead | null> {
  const url = `${deps.config.publicUrl}${path === '/' ? '' : path}`;
  const vendorMatch = VENDOR_PAGE_PATH.exec(path);
  if (vendorMatch) {
    const vendor = await findPublicVendor(deps.database.db, vendorMatch[1] ?? '', deps.clock.now());
    if (!vendor) {
      return {
        title: formatPageTitle('Vendor not found'),
        description: DEFAULT_DESCRIPTION,
        extra: '\n    <meta name="robots" content="noindex" />',
      };
    }
    const override = await findSeoOverride(deps.database.db, path);
    const title = override?.title ?? formatPageTitle(`${vendor.businessName}, ${vendor.city}`);
    const description = override?.description ?? vendorDescription(vendor);
    const jsonLd = `\n    <script type="application/ld+json">${jsonForScript(localBusinessJsonLd(vendor, url))}</script>`;
    return { title, description, extra: socialTags(title, description, url) + jsonLd };
  }
  const known = PUBLIC_PAGE_HEADS[path];
  if (!known) return null;
  const head = (await findSeoOverride(deps.database.db, path)) ?? known;
  return { title: head.title, description: head.description, extra: socialTags(head.title, head.description, url) };
}

/** The HTML head for a path: the title, description and structured data a crawler reads. */
export async function resolvePageHead(deps: AppDeps, request: FastifyRequest): Promise<string> {
  const path = normalisePagePath(request.url);
  try {
    const head = await resolvePublicHead(deps, path);
    // Dashboards and links from e-mails: nothing for a search engine to index.
    if (!head) return renderHead(HOME_TITLE, DEFAULT_DESCRIPTION, '\n    <meta name="robots" content="noindex" />');
    return renderHead(head.title, head.description, head.extra);
  } catch (error) {
    // The page must still load when the database hiccups; only the head falls back.
    request.log.warn({ err: error }, 'page head fell back to the default');
    return renderHead(HOME_TITLE, DEFAULT_DESCRIPTION);
  }
}
