import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardPage, PublicVendorDetail, VendorPage } from '@shared/marketplace/marketplace';
import { vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';

describe('anonymous marketplace pages shared for PUBLIC_LISTING_CACHE_SECONDS', () => {
  const context = useTestApp({ PUBLIC_LISTING_CACHE_SECONDS: '60' });
  let vendorId = '';
  let slug = '';

  async function getJson<T>(url: string, cookie?: string): Promise<T> {
    const response = await context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  beforeAll(async () => {
    const vendor = await createVendor(context.database.db, {
      businessName: 'Memo Karahi',
      city: 'Lahore',
      businessCategory: 'restaurant',
    });
    vendorId = vendor.id;
    slug = vendor.slug;
    await createCard(context.database.db, vendor.id, { name: 'Memo Club', cardType: 'hot_shot' });
  });

  it('serves an anonymous visitor the page read moments ago, and a signed-in visitor a fresh one', async () => {
    const before = await getJson<CardPage>('/api/marketplace/cards?category=food');
    expect(before.cards.map((card) => card.name)).toEqual(['Memo Club']);

    await createCard(context.database.db, vendorId, { name: 'Memo Fresh', cardType: 'hot_shot' });

    const anonymous = await getJson<CardPage>('/api/marketplace/cards?category=food');
    expect(anonymous.cards.map((card) => card.name)).toEqual(['Memo Club']);
    const customer = await signUpUser(context.app);
    const signedIn = await getJson<CardPage>('/api/marketplace/cards?category=food', customer.cookie);
    expect(signedIn.cards.map((card) => card.name).sort()).toEqual(['Memo Club', 'Memo Fresh']);
    // Another filter is another page, read fresh.
    const allCards = await getJson<CardPage>('/api/marketplace/cards');
    expect(allCards.cards.map((card) => card.name).sort()).toEqual(['Memo Club', 'Memo Fresh']);
  });

  it('shares the vendor list and the vendor page the same way, and never keeps a not-found answer', async () => {
    const list = await getJson<VendorPage>('/api/marketplace/vendors?city=Lahore');
    const page = await getJson<PublicVendorDetail>(`/api/marketplace/vendors/${slug}`);
    await context.database.db
      .update(vendors)
      .set({ businessName: 'Memo Karahi House' })
      .where(eq(vendors.id, vendorId));
    expect(await getJson<VendorPage>('/api/marketplace/vendors?city=Lahore')).toEqual(list);
    expect(await getJson<PublicVendorDetail>(`/api/marketplace/vendors/${slug}`)).toEqual(page);

    const missing = await context.app.inject({ method: 'GET', url: '/api/marketplace/vendors/not-yet-here' });
    expect(missing.statusCode).toBe(404);
    const late = await createVendor(context.database.db, {
      businessName: 'Not Yet Here',
      city: 'Lahore',
      businessCategory: 'cafe',
    });
    await context.database.db.update(vendors).set({ slug: 'not-yet-here' }).where(eq(vendors.id, late.id));
    await createCard(context.database.db, late.id, { name: 'Late Club', cardType: 'free' });
    const found = await context.app.inject({ method: 'GET', url: '/api/marketplace/vendors/not-yet-here' });
    expect(found.statusCode, found.body).toBe(200);
  });

  it('reads a customer’s own position fresh, and shares a chosen city’s (decision 088)', async () => {
    const shop = await createVendor(context.database.db, { businessName: 'Memo Near', city: 'Lahore' });
    await context.database.db.update(vendors).set({ latitude: 31.52, longitude: 74.35 }).where(eq(vendors.id, shop.id));
    await createCard(context.database.db, shop.id, { name: 'Near Club', cardType: 'free' });
    const position = '/api/marketplace/vendors?lat=31.52&lng=74.35';
    const byCity = '/api/marketplace/vendors?near=Lahore';
    expect((await getJson<VendorPage>(position)).vendors.map((vendor) => vendor.businessName)).toEqual(['Memo Near']);
    expect((await getJson<VendorPage>(byCity)).vendors.map((vendor) => vendor.businessName)).toEqual(['Memo Near']);
    await context.database.db.update(vendors).set({ businessName: 'Memo Near Renamed' }).where(eq(vendors.id, shop.id));
    expect((await getJson<VendorPage>(position)).vendors.map((vendor) => vendor.businessName)).toEqual([
      'Memo Near Renamed',
    ]);
    expect((await getJson<VendorPage>(byCity)).vendors.map((vendor) => vendor.businessName)).toEqual(['Memo Near']);
  });
});
