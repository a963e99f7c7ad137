import { Readable } from 'node:stream';
import { and, asc, gt } from 'drizzle-orm';
import { PUBLIC_PAGE_PATHS } from '@shared/seo/page-heads';
import type { Executor } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';

/** The sitemap protocol's limit per file. */
export const SITEMAP_URL_LIMIT = 50_000;
const BATCH_SIZE = 1_000;
/** Sign-in is public but not worth a search result. */
const UNLISTED_PATHS = new Set(['/auth']);

function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

function urlEntry(location: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  return `  <url><loc>${escapeXml(location)}</loc>${lastmod}</url>\n`;
}

/**
 * sitemap.xml: the public pages, then every public vendor's page, read in keyset batches by slug
 * and streamed, so ten thousand vendors never sit in memory or in one query at once.
 */
export function sitemapStream(db: Executor, publicUrl: string): Readable {
  async function* generate() {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    let written = 0;
    for (const path of PUBLIC_PAGE_PATHS) {
      if (UNLISTED_PATHS.has(path)) continue;
      written += 1;
      yield urlEntry(`${publicUrl}${path === '/' ? '/' : path}`);
    }
    let afterSlug: string | null = null;
    while (written < SITEMAP_URL_LIMIT) {
      const cursor: string | null = afterSlug;
      const batch = await db
        .select({ slug: vendors.slug, updatedAt: vendors.updatedAt })
        .from(vendors)
        .where(and(isPublicVendor(), cursor === null ? undefined : gt(vendors.slug, cursor)))
        .orderBy(asc(vendors.slug))
        .limit(Math.min(BATCH_SIZE, SITEMAP_URL_LIMIT - written));
      if (batch.length === 0) break;
      yield batch.map((vendor) => urlEntry(`${publicUrl}/vendors/${vendor.slug}`, vendor.updatedAt)).join('');
      written += batch.length;
      afterSlug = batch[batch.length - 1]!.slug;
      if (batch.length < BATCH_SIZE) break;
    }
    yield '</urlset>\n';
  }
  return Readable.from(generate());
}

/** Dashboards, accounts and links from e-mails stay out of search engines; the public pages are in. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    // "/vendor" alone would also match /vendors/... and /vendor-clubs, which are public.
    'Disallow: /vendor/',
    'Disallow: /vendor$',
    'Disallow: /user',
    'Disallow: /complete-profile',
    'Disallow: /account/',
    'Disallow: /email-preferences',
    'Disallow: /auth/callback',
    'Disallow: /verify-email',
    'Disallow: /reset-password',
    'Disallow: /unsubscribe',
    'Disallow: /payment/',
    'Disallow: /api/',
    'Disallow: /sandbox-pay/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
