import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { resolvePageHead } from './page-head';
import { headOf, metaOf } from './page-head-test-helpers';

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

  it("answers in the reader's language, the cookie before Accept-Language, the HTML head alike", async () => {
    const urdu = await context.app.inject({
      method: 'GET',
      url: '/api/page-head?path=%2Fterms',
      headers: { 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.5' },
    });
    expect(urdu.json()).toEqual({
      title: 'سروس کی شرائط · Chaska',
      description:
        'Chaska کے کسٹمرز، وینڈرز اور آنے والوں کے لیے شرائط: اکاؤنٹ، اسٹیمپ اور انعامات، وینڈرز اور منصفانہ استعمال۔',
    });
    const chosenEnglish = await context.app.inject({
      method: 'GET',
      url: '/api/page-head?path=%2Fterms',
      headers: { 'accept-language': 'ur-PK', cookie: 'chaska_lang=en' },
    });
    expect(chosenEnglish.json()).toMatchObject({ title: 'Terms of Service · Chaska' });
    const chosenUrdu = await context.app.inject({
      method: 'GET',
      url: '/api/page-head?path=%2F',
      headers: { cookie: 'chaska_lang=ur' },
    });
    expect(chosenUrdu.json()).toMatchObject({ title: 'Chaska — وفاداری، ڈبل مصالحے کے ساتھ' });

    const urduHead = await headOf(context.app, '/terms', 'ur');
    expect(urduHead).toContain('<title>سروس کی شرائط · Chaska</title>');
    expect(metaOf(urduHead, 'og:title')).toBe('سروس کی شرائط · Chaska');
    expect(metaOf(urduHead, 'og:locale')).toBe('ur_PK');
    expect(metaOf(urduHead, 'og:image:alt')).toBe('Chaska: وفاداری، ڈبل مصالحے کے ساتھ۔');
    const englishHead = await headOf(context.app, '/terms', 'en');
    expect(englishHead).toContain('<title>Terms of Service · Chaska</title>');
    expect(metaOf(englishHead, 'og:locale')).toBe('en_PK');
    expect(metaOf(englishHead, 'og:image:alt')).toBe('Chaska: Loyalty, extra spicy.');
    // Dashboards title themselves, but their HTML still starts in the reader's language.
    expect(await headOf(context.app, '/user', 'ur')).toContain('<title>Chaska — وفاداری، ڈبل مصالحے کے ساتھ</title>');
  });

  it("writes a vendor's page head in Urdu around the vendor's own words, and the admin's title before either", async () => {
    const vendor = await createVendor(context.database.db, {
      businessName: 'Savour Foods',
      city: 'Islamabad',
      businessCategory: 'restaurant',
    });
    const path = `/vendors/${vendor.slug}`;
    const urduHead = await headOf(context.app, path, 'ur');
    expect(urduHead).toContain('<title>Savour Foods, Islamabad · Chaska</title>');
    expect(metaOf(urduHead, 'description')).toBe(
      `${vendor.area}، Islamabad میں ریسٹورنٹ۔ Chaska کے ساتھ Savour Foods پر اسٹیمپ جمع کریں اور انعام پائیں۔`,
    );
    expect(metaOf(urduHead, 'og:locale')).toBe('ur_PK');
    expect(metaOf(await headOf(context.app, path), 'description')).toBe(
      `Restaurant in ${vendor.area}, Islamabad. Collect stamps and earn rewards at Savour Foods with Chaska.`,
    );
    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/page-head?path=%2Fvendors%2Fno-such-vendor',
          headers: { cookie: 'chaska_lang=ur' },
        })
      ).json(),
    ).toMatchObject({ title: 'وینڈر نہیں ملا · Chaska' });

    await saveSeo({ path, title: 'Savour Foods pulao, Blue Area', description: 'Pulao kabab since 1988.' });
    const overridden = await headOf(context.app, path, 'ur');
    expect(overridden).toContain('<title>Savour Foods pulao, Blue Area</title>');
    expect(metaOf(overridden, 'description')).toBe('Pulao kabab since 1988.');
    const overriddenApi = await context.app.inject({
      method: 'GET',
      url: `/api/page-head?path=${encodeURIComponent(path)}`,
      headers: { 'accept-language': 'ur' },
    });
    expect(overriddenApi.json()).toEqual({
      title: 'Savour Foods pulao, Blue Area',
      description: 'Pulao kabab since 1988.',
    });
  });
});
