import type { FastifyRequest } from 'fastify';
import { BRAND } from '@shared/brand';
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALE, type Language } from '@shared/i18n/languages';
import {
  isPublicPagePath,
  VENDOR_PAGE_PATH,
  formatPageTitle,
  normalisePagePath,
  type PageHead,
} from '@shared/seo/page-heads';
import { CATEGORY_LABEL_KEYS } from '@shared/places';
import {
  cardPagePath,
  LINK_IMAGE_SIZE,
  SHARE_IMAGE_PATHS,
  SHARED_CARD_ID,
  SHARED_CARD_PARAM,
  vendorPagePath,
} from '@shared/marketplace/share';
import { WEEKDAYS } from '@shared/vendors/vendors';
import type { AppDeps } from '@server/app-deps';
import type { Database } from '@server/db/client';
import { currentTextLanguage, inTextLanguage, serverText } from '@server/lib/texts';
import { renderHead } from '@server/plugins/spa';
import { findPublicVendor, type PublicVendorFound } from '@server/modules/marketplace/get-public-vendor';
import { findCardShareSubject, findVendorShareSubject } from '@server/modules/marketplace/share-subjects';
import { cardShareDescription, cardShareTitle } from '@server/modules/marketplace/share-wording';
import { defaultDescription, defaultPageHead, homeTitle, titleNamed } from './public-page-heads';
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
export function localBusinessJsonLd(vendor: PublicVendorFound, url: string): Record<string, unknown> {
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

/** The vendor's own words (as they wrote them), then where it is and what Chaska offers there, in the reader's language. */
function vendorDescription(vendor: PublicVendorFound): string {
  const where = serverText('heads:vendor.place', {
    category: serverText(CATEGORY_LABEL_KEYS[vendor.businessCategory]),
    area: vendor.area,
    city: vendor.city,
  });
  const collect = serverText('heads:vendor.collect', { vendor: vendor.businessName });
  return [vendor.businessDescription, where, collect].filter(Boolean).join(' ');
}

/** The picture a share shows (og:image): absolute, PNG, LINK_IMAGE_SIZE. */
interface ShareImage {
  url: string;
  alt: string;
}

function siteShareImage(publicUrl: string): ShareImage {
  return { url: `${publicUrl}${SHARE_IMAGE_PATHS.site}`, alt: serverText('heads:siteImage.alt') };
}

function meta(attribute: 'name' | 'property', key: string, value: string | number): string {
  return `\n    <meta ${attribute}="${key}" content="${escapeAttribute(String(value))}" />`;
}

/**
 * What WhatsApp, Facebook and X read from a shared address (Open Graph and Twitter card tags):
 * the same title and description as the page, its address, and a picture (decision 034).
 * `canonical` is the address search engines should index (a shared card's is its vendor page).
 */
export function socialTags(
  head: { title: string; description: string; url: string; image: ShareImage },
  canonical = head.url,
): string {
  return [
    `\n    <link rel="canonical" href="${escapeAttribute(canonical)}" />`,
    meta('property', 'og:site_name', BRAND.name),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', LANGUAGE_LOCALE[currentTextLanguage()].replace('-', '_')),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', LINK_IMAGE_SIZE.width),
    meta('property', 'og:image:height', LINK_IMAGE_SIZE.height),
    meta('property', 'og:image:alt', head.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
    meta('name', 'twitter:image:alt', head.image.alt),
  ].join('');
}

/** A public page's head: the title and description both the HTML and the browser app show. */
export interface ResolvedHead extends PageHead {
  /** Extra head elements for the HTML only: canonical, social tags, structured data, noindex. */
  extra: string;
}

/**
 * The head of a public page, the admin's override first (SEO Automation); null for addresses
 * that are not public pages (dashboards, links from e-mails), which title themselves. A vendor
 * page with `?card=<id>` of one of its live cards is that card's share: the card's words and
 * picture (decision 034). Pictures of their own for vendors whose plan has social media
 * integration; the brand's picture for everything else.
 */
export function resolvePublicHead(
  deps: AppDeps,
  path: string,
  options: { cardId?: string | null } = {},
): Promise<ResolvedHead | null> {
  // Public pages only read, so from the read replica when there is one (decision 049).
  return deps.reads.run((db) => resolvePublicHeadFrom(db, deps, path, options));
}

async function resolvePublicHeadFrom(
  db: Database,
  deps: AppDeps,
  path: string,
  options: { cardId?: string | null },
): Promise<ResolvedHead | null> {
  const { publicUrl } = deps.config;
  const url = `${publicUrl}${path === '/' ? '' : path}`;
  const vendorMatch = VENDOR_PAGE_PATH.exec(path);
  if (vendorMatch) {
    const slug = vendorMatch[1] ?? '';
    const now = deps.clock.now();
    const [vendor, subject, card] = await Promise.all([
      findPublicVendor(db, slug, now),
      findVendorShareSubject(db, slug),
      options.cardId ? findCardShareSubject(db, options.cardId, now) : null,
    ]);
    if (!vendor || !subject) {
      return {
        title: titleNamed('heads:vendor.notFound'),
        description: defaultDescription(),
        extra: '\n    <meta name="robots" content="noindex" />',
      };
    }
    const jsonLd = `\n    <script type="application/ld+json">${jsonForScript(localBusinessJsonLd(vendor, url))}</script>`;
    if (card && card.vendor.slug === slug) {
      const title = formatPageTitle(cardShareTitle(card));
      const description = cardShareDescription(card);
      const image = card.vendor.socialSharing
        ? { url: `${publicUrl}${SHARE_IMAGE_PATHS.card(card.id)}`, alt: cardShareTitle(card) }
        : siteShareImage(publicUrl);
      const cardUrl = `${publicUrl}${cardPagePath(slug, card.id)}`;
      return { title, description, extra: socialTags({ title, description, url: cardUrl, image }, url) + jsonLd };
    }
    const override = await findSeoOverride(db, path);
    const title = override?.title ?? formatPageTitle(`${vendor.businessName}, ${vendor.city}`);
    const description = override?.description ?? vendorDescription(vendor);
    const image = subject.socialSharing
      ? { url: `${publicUrl}${SHARE_IMAGE_PATHS.vendor(slug)}`, alt: `${vendor.businessName}, ${vendor.city}` }
      : siteShareImage(publicUrl);
    return {
      title,
      description,
      extra: socialTags({ title, description, url: `${publicUrl}${vendorPagePath(slug)}`, image }) + jsonLd,
    };
  }
  if (!isPublicPagePath(path)) return null;
  const head = (await findSeoOverride(db, path)) ?? defaultPageHead(path);
  return {
    title: head.title,
    description: head.description,
    extra: socialTags({ title: head.title, description: head.description, url, image: siteShareImage(publicUrl) }),
  };
}

/** The card a shared address points at (?card=<uuid>), or null. */
export function sharedCardId(requestUrl: string): string | null {
  const query = requestUrl.split('?')[1]?.split('#')[0];
  if (!query) return null;
  const cardId = new URLSearchParams(query).get(SHARED_CARD_PARAM);
  return cardId && SHARED_CARD_ID.test(cardId) ? cardId.toLowerCase() : null;
}

/**
 * The HTML head for a path: the title, description and structured data a crawler reads, in the
 * page's language (the one <html lang> carries; the SPA plugin decides it for the request).
 */
export function resolvePageHead(
  deps: AppDeps,
  request: FastifyRequest,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  return inTextLanguage(language, () => resolvePageHeadInTextLanguage(deps, request));
}

async function resolvePageHeadInTextLanguage(deps: AppDeps, request: FastifyRequest): Promise<string> {
  const path = normalisePagePath(request.url);
  try {
    const head = await resolvePublicHead(deps, path, { cardId: sharedCardId(request.url) });
    // Dashboards and links from e-mails: nothing for a search engine to index.
    if (!head) return renderHead(homeTitle(), defaultDescription(), '\n    <meta name="robots" content="noindex" />');
    return renderHead(head.title, head.description, head.extra);
  } catch (error) {
    // The page must still load when the database hiccups; only the head falls back.
    request.log.warn({ err: error }, 'page head fell back to the default');
    return renderHead(homeTitle(), defaultDescription());
  }
}
