import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/modules/admin/admin-test-helpers';
import { resolvePageHead } from './page-head';

/** The browser app asks GET /api/page-head for the head the HTML carries, so both show one title. */
describe('GET /api/page-head (the head the app shows after it loads)', () => {
  const context = useTestApp();
  let admin: SignedInUser;
  const headHtml = (url: string) =>
    resolvePageHead(context.app.deps, { url, log: context.app.log } as unknown as FastifyRequest);
  const pageHead = (path: string) =>
    context.app.inject({ method: 'GET', url: `/api/page-head?path=${encodeURIComponent(path)}` });
  const saveSeo = (payload: Record<string, unknown>) =>
    context.app.inject({ method: 'PUT', url: '/api/admin/seo/pages', headers: { cookie: admin.cookie }, payload });

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, context.database.db);
  });

  it("gives anyone a public page's default head, the same as the HTML head", async () => {
    const response = await pageHead('/pricing');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'Pricing · Chaska',
      description: 'Monthly Chaska plans for vendors in PKR: Starter, Standard, Premium and Enterprise.',
    });
    expect(await headHtml('/pricing')).toContain('<title>Pricing · Chaska</title>');
  });

  it("gives the admin's SEO title and description once saved, for static and vendor pages alike", async () => {
    expect(
      (await saveSeo({ path: '/pricing', title: 'Loyalty plans from PKR 0', description: 'Plans for every shop.' }))
        .statusCode,
    ).toBe(200);
    expect((await pageHead('/pricing')).json()).toEqual({
      title: 'Loyalty plans from PKR 0',
      description: 'Plans for every shop.',
    });
    expect(await headHtml('/pricing')).toContain('<title>Loyalty plans from PKR 0</title>');

    const vendor = await createVendor(context.database.db, { businessName: 'Nihari Corner', city: 'Karachi' });
    expect((await pageHead(`/vendors/${vendor.slug}`)).json()).toMatchObject({
      title: 'Nihari Corner, Karachi · Chaska',
    });
    await saveSeo({ path: `/vendors/${vendor.slug}`, title: 'Best nihari in Karachi', description: 'Since 1975.' });
    expect((await pageHead(`/vendors/${vendor.slug}`)).json()).toEqual({
      title: 'Best nihari in Karachi',
      description: 'Since 1975.',
    });
  });

  it('answers "Vendor not found" for an unknown vendor, 404 for pages that title themselves, 400 for a bad path', async () => {
    expect((await pageHead('/vendors/no-such-vendor')).json()).toMatchObject({ title: 'Vendor not found · Chaska' });

    const dashboard = await pageHead('/user');
    expect(dashboard.statusCode).toBe(404);
    expect(dashboard.json().error.message).toBe('There is no public page at this address.');

    const bad = await context.app.inject({ method: 'GET', url: '/api/page-head?path=pricing' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('/pricing');
    expect((await context.app.inject({ method: 'GET', url: '/api/page-head' })).statusCode).toBe(400);
  });
});
