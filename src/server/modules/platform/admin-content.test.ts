import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, type SignedInUser } from '@server/test/factories';
import { resolvePageHead } from '@server/modules/seo/page-head';
import { signUpAdmin } from '@server/test/admin-test-helpers';

describe('SEO Automation API', () => {
  const context = useTestApp();
  let admin: SignedInUser;
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const headFor = (url: string) =>
    resolvePageHead(context.app.deps, { url, log: context.app.log } as unknown as FastifyRequest);

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, context.database.db);
  });

  it('serves an admin-set title and description in the page head at once, and resets it', async () => {
    expect(await headFor('/free-cards')).toContain('<title>Free Cards · Chaska</title>');
    const saved = await call('PUT', '/api/admin/seo/pages', {
      path: '/free-cards',
      title: 'Free loyalty cards in Lahore',
      description: 'Start collecting today.',
    });
    expect(saved.json()).toMatchObject({
      path: '/free-cards',
      title: 'Free loyalty cards in Lahore',
      defaultTitle: 'Free Cards · Chaska',
      updatedBy: admin.email,
    });
    expect(await headFor('/free-cards')).toContain('<title>Free loyalty cards in Lahore</title>');

    const list = (await call('GET', '/api/admin/seo/pages')).json();
    expect(list.sitemapUrl).toBe('http://localhost:3000/sitemap.xml');
    expect(list.pages.find((page: { path: string }) => page.path === '/free-cards')).toMatchObject({
      title: 'Free loyalty cards in Lahore',
    });

    expect((await call('DELETE', '/api/admin/seo/pages?path=%2Ffree-cards')).statusCode).toBe(200);
    expect(await headFor('/free-cards')).toContain('<title>Free Cards · Chaska</title>');
    expect((await call('DELETE', '/api/admin/seo/pages?path=%2Ffree-cards')).statusCode).toBe(404);
    const actions = (await context.database.db.select().from(auditLog).where(eq(auditLog.targetId, '/free-cards'))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(['seo.update', 'seo.reset']);
  });

  it("sets a vendor page's head, and refuses pages that do not exist or bad input", async () => {
    const vendor = await createVendor(context.database.db, { businessName: 'Seekh Stop' });
    const saved = await call('PUT', '/api/admin/seo/pages', {
      path: `/vendors/${vendor.slug}`,
      title: 'Best seekh in Lahore',
      description: 'Seekh kebabs since 1990.',
    });
    expect(saved.statusCode).toBe(200);
    expect(await headFor(`/vendors/${vendor.slug}`)).toContain('<title>Best seekh in Lahore</title>');
    expect(
      (await call('PUT', '/api/admin/seo/pages', { path: '/vendors/no-such-vendor', title: 'x', description: 'y' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/api/admin/seo/pages', { path: '/user', title: 'x', description: 'y' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/api/admin/seo/pages', { path: 'pricing', title: 'x', description: 'y' })).statusCode,
    ).toBe(400);
    const long = await call('PUT', '/api/admin/seo/pages', {
      path: '/pricing',
      title: 'x'.repeat(71),
      description: 'y',
    });
    expect(long.json().error.fields.title).toBe('Title is at most 70 characters.');
  });
});
