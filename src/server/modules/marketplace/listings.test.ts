import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardPage, LandingStats, PublicVendorDetail, VendorPage } from '@shared/marketplace/marketplace';
import { loyaltyCards, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';

const HOUR = 3600 * 1000;

describe('marketplace listings API', () => {
  const context = useTestApp();
  const ids: Record<string, string> = {};
  const slugs: Record<string, string> = {};

  async function vendor(
    key: string,
    options: Parameters<typeof createVendor>[1],
    extra: Partial<typeof vendors.$inferInsert> = {},
  ) {
    const row = await createVendor(context.database.db, options);
    if (Object.keys(extra).length) await context.database.db.update(vendors).set(extra).where(eq(vendors.id, row.id));
    slugs[key] = row.slug;
    return row;
  }

  // Each card is a minute newer than the one before: two inserts in a row may share the
  // database clock's instant, and "newest first" must not depend on its resolution.
  let cardsCreated = 0;
  async function card(
    key: string,
    vendorId: string,
    options: Parameters<typeof createCard>[2],
    extra: Partial<typeof loyaltyCards.$inferInsert> = {},
  ) {
    cardsCreated += 1;
    const createdAt = new Date(context.clock.now().getTime() - HOUR + cardsCreated * 60_000);
    const row = await createCard(context.database.db, vendorId, { name: key, createdAt, ...options });
    if (Object.keys(extra).length)
      await context.database.db.update(loyaltyCards).set(extra).where(eq(loyaltyCards.id, row.id));
    ids[key] = row.id;
    return row;
  }

  async function getJson<T>(url: string, cookie?: string): Promise<T> {
    const response = await context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  const names = (page: CardPage) => page.cards.map((item) => item.name).sort();

  beforeAll(async () => {
    const alpha = await vendor('alpha', {
      businessName: 'Alpha Karahi',
      city: 'Lahore',
      businessCategory: 'restaurant',
      plan: 'premium',
    });
    await card('alpha-club', alpha.id, { cardType: 'hot_shot', stampsRequired: 8 });
    await card('alpha-paused', alpha.id, { cardType: 'free', status: 'paused' });
    await card('alpha-draft', alpha.id, { cardType: 'free', status: 'draft' });
    await card('alpha-archived', alpha.id, { cardType: 'free', status: 'archived' });

    const bravo = await vendor('bravo', { businessName: 'Bravo Cafe', city: 'Karachi', businessCategory: 'cafe' });
    await card('bravo-free', bravo.id, { cardType: 'free', stampsRequired: 10 });
    await card('bravo-vip', bravo.id, { cardType: 'exclusive' }, { membershipFeeYearly: 999 });

    const charlie = await vendor('charlie', {
      businessName: 'Charlie Salon',
      city: 'Islamabad',
      businessCategory: 'salon',
    });
    await card(
      'charlie-deal',
      charlie.id,
      { cardType: 'daily_chaska', stampsRequired: 1, stockLeft: 5 },
      { dealPrice: 299, originalPrice: 499, dealEndsAt: new Date(context.clock.now().getTime() + 24 * HOUR) },
    );
    await card(
      'charlie-ended',
      charlie.id,
      { cardType: 'daily_chaska', stockLeft: 5 },
      { dealEndsAt: new Date(context.clock.now().getTime() - HOUR) },
    );

    const hotel = await vendor('hotel', {
      businessName: 'Hotel Clothing',
      city: 'Multan',
      businessCategory: 'clothing',
    });
    await card('hotel-club', hotel.id, { cardType: 'hot_shot' });

    // Never public: pending, rejected, suspended and closed vendors, whatever their cards say.
    const delta = await vendor('delta', {
      businessName: 'Delta Bakers',
      city: 'Lahore',
      businessCategory: 'bakery',
      status: 'pending',
    });
    await card('delta-club', delta.id, { cardType: 'hot_shot' });
    const echo = await vendor('echo', {
      businessName: 'Echo Sweets',
      city: 'Faisalabad',
      businessCategory: 'sweets',
      status: 'rejected',
    });
    await card('echo-free', echo.id, { cardType: 'free' });
    const foxtrot = await vendor('foxtrot', {
      businessName: 'Foxtrot Pharmacy',
      city: 'Quetta',
      businessCategory: 'pharmacy',
      status: 'suspended',
    });
    await card('foxtrot-free', foxtrot.id, { cardType: 'free' });
    const golf = await vendor(
      'golf',
      { businessName: 'Golf Desserts', city: 'Sialkot', businessCategory: 'dessert' },
      { closedAt: context.clock.now() },
    );
    await card('golf-free', golf.id, { cardType: 'free' });
  });

  describe('GET /api/marketplace/cards', () => {
    it('lists the active cards of public vendors only, newest first, with counts', async () => {
      const page = await getJson<CardPage>('/api/marketplace/cards');
      expect(names(page)).toEqual(['alpha-club', 'bravo-free', 'bravo-vip', 'charlie-deal', 'hotel-club']);
      expect(page.cards.map((item) => item.name)).toEqual([
        'hotel-club',
        'charlie-deal',
        'bravo-vip',
        'bravo-free',
        'alpha-club',
      ]);
      expect(page.total).toBe(5);
      expect(page.vendorCount).toBe(4);
      expect(page.nextCursor).toBeNull();
      expect(page.cards.every((item) => item.held === false)).toBe(true);
    });

    it.each([
      ['food', ['alpha-club']],
      ['coffee', ['bravo-free', 'bravo-vip']],
      ['retail', ['hotel-club']],
      ['services', ['charlie-deal']],
      ['all', ['alpha-club', 'bravo-free', 'bravo-vip', 'charlie-deal', 'hotel-club']],
    ])('maps category %s to its vendor categories', async (category, expected) => {
      const page = await getJson<CardPage>(`/api/marketplace/cards?category=${category}`);
      expect(names(page)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    });

    it('filters by card type, with the deal fields of each kind', async () => {
      const daily = await getJson<CardPage>('/api/marketplace/cards?type=daily_chaska');
      expect(names(daily)).toEqual(['charlie-deal']);
      expect(daily.cards[0]).toMatchObject({
        dealPrice: 299,
        originalPrice: 499,
        discountPercent: 40,
        stockLeft: 5,
        cardType: 'daily_chaska',
      });
      expect(new Date(daily.cards[0]!.dealEndsAt!).getTime()).toBeGreaterThan(context.clock.now().getTime());

      const exclusive = await getJson<CardPage>('/api/marketplace/cards?type=exclusive');
      expect(names(exclusive)).toEqual(['bravo-vip']);
      expect(exclusive.cards[0]?.membershipFeeYearly).toBe(999);

      expect(names(await getJson<CardPage>('/api/marketplace/cards?type=free'))).toEqual(['bravo-free']);
      expect(names(await getJson<CardPage>('/api/marketplace/cards?type=hot_shot'))).toEqual([
        'alpha-club',
        'hotel-club',
      ]);
    });

    it('filters by city and by vendor, and embeds only public vendor fields', async () => {
      expect(names(await getJson<CardPage>('/api/marketplace/cards?city=Lahore'))).toEqual(['alpha-club']);
      const page = await getJson<CardPage>(`/api/marketplace/cards?vendor=${slugs.alpha}`);
      expect(names(page)).toEqual(['alpha-club']);
      expect(page.cards[0]?.vendor).toEqual({
        slug: slugs.alpha,
        businessName: 'Alpha Karahi',
        businessCategory: 'restaurant',
        logo: '🏪',
        city: 'Lahore',
        area: 'Gulberg',
        isPremium: true,
      });
      expect((await getJson<CardPage>(`/api/marketplace/cards?vendor=${slugs.delta}`)).cards).toEqual([]);
    });

    it('pages with a keyset cursor: every card once, counts on the first page only', async () => {
      const seen: string[] = [];
      let url = '/api/marketplace/cards?limit=2';
      const pages: CardPage[] = [];
      for (;;) {
        const page = await getJson<CardPage>(url);
        pages.push(page);
        seen.push(...page.cards.map((item) => item.name));
        if (!page.nextCursor) break;
        url = `/api/marketplace/cards?limit=2&cursor=${page.nextCursor}`;
      }
      expect(pages.map((page) => page.cards.length)).toEqual([2, 2, 1]);
      expect(seen).toEqual(['hotel-club', 'charlie-deal', 'bravo-vip', 'bravo-free', 'alpha-club']);
      expect(pages[0]?.total).toBe(5);
      expect(pages[1]?.total).toBeNull();
    });

    it('tells a signed-in customer which cards they hold', async () => {
      const user = await signUpUser(context.app);
      const join = await context.app.inject({
        method: 'POST',
        url: `/api/marketplace/cards/${ids['bravo-free']}/join`,
        headers: { cookie: user.cookie },
      });
      expect(join.statusCode).toBe(201);
      const page = await getJson<CardPage>('/api/marketplace/cards', user.cookie);
      expect(page.cards.filter((item) => item.held).map((item) => item.name)).toEqual(['bravo-free']);
    });

    it.each([
      ['type=stamp', 'type'],
      ['category=drinks', 'category'],
      ['limit=0', 'limit'],
      ['limit=49', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['city=London', 'city'],
      ['vendor=Not%20A%20Slug', 'vendor'],
      ['cursor=not!base64', 'cursor'],
      [`cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('{').toString('base64url')}`, 'cursor'],
    ])('answers 400 with a message for %s', async (query, field) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/marketplace/cards?${query}` });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.message).toContain(field);
      expect(body.error.fields?.[field]).toBeTruthy();
    });
  });

  describe('GET /api/marketplace/vendors', () => {
    it('lists public vendors by name with the premium badge and their active card count', async () => {
      const page = await getJson<VendorPage>('/api/marketplace/vendors');
      expect(page.vendors.map((item) => item.businessName)).toEqual([
        'Alpha Karahi',
        'Bravo Cafe',
        'Charlie Salon',
        'Hotel Clothing',
      ]);
      expect(page.vendors.map((item) => item.isPremium)).toEqual([true, false, false, false]);
      expect(page.vendors.map((item) => item.activeCardCount)).toEqual([1, 2, 1, 1]);
      expect(page.nextCursor).toBeNull();
    });

    it('filters by city (a pending vendor in the same city stays hidden)', async () => {
      const page = await getJson<VendorPage>('/api/marketplace/vendors?city=Lahore');
      expect(page.vendors.map((item) => item.businessName)).toEqual(['Alpha Karahi']);
      expect((await getJson<VendorPage>('/api/marketplace/vendors?city=Quetta')).vendors).toEqual([]);
    });

    it('pages by name', async () => {
      const first = await getJson<VendorPage>('/api/marketplace/vendors?limit=3');
      expect(first.vendors).toHaveLength(3);
      const second = await getJson<VendorPage>(`/api/marketplace/vendors?limit=3&cursor=${first.nextCursor}`);
      expect(second.vendors.map((item) => item.businessName)).toEqual(['Hotel Clothing']);
      expect(second.nextCursor).toBeNull();
    });

    it.each(['city=Dubai', 'limit=100', 'cursor=abc'])('answers 400 for %s', async (query) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/marketplace/vendors?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/city|limit|cursor/);
    });
  });

  describe('GET /api/marketplace/stats', () => {
    it('counts public vendors, their active cards and the cities that have them', async () => {
      const stats = await getJson<LandingStats>('/api/marketplace/stats');
      expect(stats).toEqual({
        approvedVendors: 4,
        activeCards: 5,
        cityCount: 4,
        cities: ['Karachi', 'Lahore', 'Islamabad', 'Multan'],
      });
    });
  });

  describe('GET /api/marketplace/vendors/:slug', () => {
    it('returns a public vendor with contact details and "no hours" as null', async () => {
      const vendor = await getJson<PublicVendorDetail>(`/api/marketplace/vendors/${slugs.alpha}`);
      expect(vendor).toMatchObject({
        businessName: 'Alpha Karahi',
        businessCategory: 'restaurant',
        address: '1 Mall Road',
        area: 'Gulberg',
        city: 'Lahore',
        phone: '+92 300 1234567',
        openingHours: null,
        activeCardCount: 1,
        isPremium: true,
      });
      expect(vendor).not.toHaveProperty('planLimits');
      expect(vendor).not.toHaveProperty('contactEmail');
    });

    it.each(['delta', 'echo', 'foxtrot', 'golf'])('hides the %s vendor (not approved or closed)', async (key) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/marketplace/vendors/${slugs[key]}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Vendor not found.');
    });

    it('answers 400 for a malformed address', async () => {
      const response = await context.app.inject({ method: 'GET', url: '/api/marketplace/vendors/Bad_Slug' });
      expect(response.statusCode).toBe(400);
    });
  });
});
