import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { seoPages, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor } from '@server/test/factories';
import { resolvePageHead } from './page-head';
import { forgetSeoOverrides } from './seo-overrides';

describe('resolvePageHead (the head served to crawlers)', () => {
  const context = useTestApp();

  function headFor(url: string): Promise<string> {
    const request = { url, log: context.app.log } as unknown as FastifyRequest;
    return resolvePageHead(context.app.deps, request);
  }

  function jsonLdOf(head: string): Record<string, unknown> {
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head);
    if (!match?.[1]) throw new Error(`no JSON-LD in ${head}`);
    return JSON.parse(match[1]) as Record<string, unknown>;
  }

  it('describes a public vendor with a title, a description and LocalBusiness markup', async () => {
    const vendor = await createVendor(context.database.db, {
      businessName: 'Kabuli Pulao </script> House',
      city: 'Peshawar',
      businessCategory: 'restaurant',
    });
    await context.database.db
      .update(vendors)
      .set({
        businessDescription: 'Kabuli pulao with raisins & carrots.',
        openingHours: {
          monday: { open: '12:00', close: '23:00', closed: false },
          tuesday: { open: '12:00', close: '23:00', closed: false },
          wednesday: { open: '12:00', close: '23:00', closed: false },
          thursday: { open: '12:00', close: '23:00', closed: false },
          friday: { open: '14:00', close: '23:30', closed: false },
          saturday: { open: '12:00', close: '23:30', closed: false },
          sunday: { open: '12:00', close: '23:00', closed: true },
        },
      })
      .where(eq(vendors.id, vendor.id));

    const head = await headFor(`/vendors/${vendor.slug}?utm_source=x`);
    expect(head).toContain('<title>Kabuli Pulao &#60;/script&#62; House, Peshawar · Chaska</title>');
    expect(head).toContain(
      '<meta name="description" content="Kabuli pulao with raisins &#38; carrots. Restaurant in Gulberg, Peshawar.',
    );
    expect(head).toContain(`<link rel="canonical" href="http://localhost:3000/vendors/${vendor.slug}" />`);
    // A name can never close the script element early.
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    const jsonLd = jsonLdOf(head);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Kabuli Pulao </script> House',
      telephone: '+92 300 1234567',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Mall Road, Gulberg',
        addressLocality: 'Peshawar',
        addressCountry: 'PK',
      },
    });
    const hours = jsonLd.openingHoursSpecification as Array<Record<string, string>>;
    expect(hours).toHaveLength(6);
    expect(hours[4]).toMatchObject({ dayOfWeek: 'https://schema.org/Friday', opens: '14:00', closes: '23:30' });
  });

  it('does not describe a vendor that is not public', async () => {
    const vendor = await createVendor(context.database.db, { businessName: 'Hidden Haleem', status: 'pending' });
    const head = await headFor(`/vendors/${vendor.slug}`);
    expect(head).toContain('<title>Vendor not found · Chaska</title>');
    expect(head).not.toContain('Hidden Haleem');
    expect(head).not.toContain('ld+json');
    expect(head).toContain('noindex');
  });

  it.each([
    ['/', 'Chaska — Loyalty, extra spicy.'],
    ['/vendor-clubs', 'Vendor Clubs · Chaska'],
    ['/daily-chaska/', 'Daily Chaska · Chaska'],
    ['/exclusive', 'Exclusive Cards · Chaska'],
    ['/free-cards', 'Free Cards · Chaska'],
    ['/pricing', 'Pricing · Chaska'],
    ['/support', 'Support · Chaska'],
    ['/vendor-signup', 'Apply for your shop · Chaska'],
  ])('gives %s its own title', async (path, title) => {
    const head = await headFor(path);
    expect(head).toContain(`<title>${title}</title>`);
    expect(head).toContain('<meta name="description" content="');
    expect(head).not.toContain('noindex');
  });

  it('keeps dashboards out of search results', async () => {
    expect(await headFor('/vendor/billing')).toContain('<meta name="robots" content="noindex" />');
  });

  it("uses an admin's title and description for a path when set", async () => {
    await context.database.db
      .insert(seoPages)
      .values({ path: '/pricing', title: 'Chaska plans in PKR', description: 'From PKR 2,500 a month.' });
    // Heads are cached for a few seconds; the admin API forgets them on save, as this does.
    forgetSeoOverrides(context.database.db);
    const head = await headFor('/pricing');
    expect(head).toContain('<title>Chaska plans in PKR</title>');
    expect(head).toContain('content="From PKR 2,500 a month."');
  });
});
