import { asc, eq } from 'drizzle-orm';
import type { SaveSeoPageInput, SeoPage } from '@shared/seo/admin-seo';
import { isPublicPagePath, PUBLIC_PAGE_PATHS, VENDOR_PAGE_PATH } from '@shared/seo/page-heads';
import type { Database, Executor } from '@server/db/client';
import { seoPages, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { defaultPageHead } from './public-page-heads';
import { forgetSeoOverrides } from './seo-overrides';

/** Every public page with its default head, and every admin-set head (vendor pages included). */
export async function listSeoPages(db: Executor): Promise<SeoPage[]> {
  const overrides = await db.select().from(seoPages).orderBy(asc(seoPages.path)).limit(1000);
  const byPath = new Map(overrides.map((row) => [row.path, row]));
  const present = (path: string): SeoPage => {
    const known = isPublicPagePath(path) ? defaultPageHead(path) : undefined;
    const row = byPath.get(path);
    return {
      path,
      defaultTitle: known?.title ?? null,
      defaultDescription: known?.description ?? null,
      title: row?.title ?? null,
      description: row?.description ?? null,
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  };
  const staticPaths: string[] = [...PUBLIC_PAGE_PATHS];
  const otherPaths = overrides.map((row) => row.path).filter((path) => !isPublicPagePath(path));
  return [...staticPaths, ...otherPaths].map(present);
}

/** Only pages that exist publicly get a head: the fixed public pages and vendors' pages. */
async function assertPublicPath(db: Executor, path: string): Promise<void> {
  if (isPublicPagePath(path)) return;
  const vendorSlug = VENDOR_PAGE_PATH.exec(path)?.[1];
  if (vendorSlug) {
    const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.slug, vendorSlug)).limit(1);
    if (vendor) return;
  }
  throw notFound('There is no public page at this address.');
}

export async function saveSeoPage(
  db: Database,
  input: SaveSeoPageInput,
  actor: AuditActor,
  now: Date,
): Promise<SeoPage> {
  await assertPublicPath(db, input.path);
  await db.transaction(async (tx) => {
    await tx
      .insert(seoPages)
      .values({
        path: input.path,
        title: input.title,
        description: input.description,
        updatedBy: actor.email,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: seoPages.path,
        set: { title: input.title, description: input.description, updatedBy: actor.email, updatedAt: now },
      });
    await recordAudit(tx, {
      actor,
      action: 'seo.update',
      targetType: 'seo_page',
      targetId: input.path,
      metadata: { path: input.path, title: input.title },
    });
  });
  forgetSeoOverrides(db);
  const pages = await listSeoPages(db);
  return pages.find((page) => page.path === input.path)!;
}

/** Back to the page's own head. */
export async function resetSeoPage(db: Database, path: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(seoPages).where(eq(seoPages.path, path)).returning({ path: seoPages.path });
    if (removed.length === 0) throw notFound('This page has no admin-set title to reset.');
    await recordAudit(tx, { actor, action: 'seo.reset', targetType: 'seo_page', targetId: path, metadata: { path } });
  });
  forgetSeoOverrides(db);
}
