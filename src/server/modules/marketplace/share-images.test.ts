import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyCards, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { NO_CARD_TO_SHARE } from './share-images';
import { pngSize } from './share-test-helpers';

/**
 * The pictures of social media integration over HTTP (decision 034): what WhatsApp's and
 * Facebook's crawlers fetch, and the vendor's square image of today's deal.
 * SHARE_IMAGES_DIR=<folder> keeps the PNGs drawn here, to look at.
 */
const context = useTestApp();
const db = () => context.database.db;

function get(url: string, headers: Record<string, string> = {}) {
  return context.app.inject({ method: 'GET', url, headers });
}

function keep(name: string, png: Buffer) {
  const folder = process.env.SHARE_IMAGES_DIR;
  if (folder) writeFileSync(path.join(folder, name), png);
}

async function premiumVendor(fields: Partial<typeof vendors.$inferInsert> = {}) {
  const owner = await signUpUser(context.app, { name: 'Owais' });
  const vendor = await createVendor(db(), {
    ownerUserId: owner.id,
    plan: 'premium',
    businessName: 'Karachi Chai House',
    city: 'Karachi',
    businessCategory: 'cafe',
  });
  await db()
    .update(vendors)
    .set({ logo: '☕', area: 'Clifton', businessDescription: 'Doodh patti and bun kebab since 1998.', ...fields })
    .where(eq(vendors.id, vendor.id));
  return { owner, vendor };
}

async function dealCard(vendorId: string, fields: Partial<typeof loyaltyCards.$inferInsert> = {}) {
  const card = await createCard(db(), vendorId, { name: 'Chai and Bun Kebab Combo', cardType: 'daily_chaska' });
  const endsAt = new Date(context.clock.now().getTime() + 3 * 3_600_000);
  await db()
    .update(loyaltyCards)
    .set({ dealPrice: 299, originalPrice: 499, stockLeft: 5, dealEndsAt: endsAt, stampsRequired: 1, ...fields })
    .where(eq(loyaltyCards.id, card.id));
  return card;
}

function expectPng(response: Awaited<ReturnType<typeof get>>, size: { width: number; height: number }) {
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'image/png']);
  expect(pngSize(response.rawPayload)).toEqual(size);
}

describe('GET /og/site.png', () => {
  it("is the brand's picture, cached publicly and revalidated by its ETag", async () => {
    const response = await get('/og/site.png');
    expectPng(response, { width: 1200, height: 630 });
    keep('site.png', response.rawPayload);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const again = await get('/og/site.png', { 'if-none-match': etag });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    expect((await get('/og/site.png', { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
  });
});

describe('GET /og/vendor/:slug.png', () => {
  it("draws a Premium vendor's picture from its record, and a new one when the record changes", async () => {
    const { vendor } = await premiumVendor();
    const first = await get(`/og/vendor/${vendor.slug}.png`);
    expectPng(first, { width: 1200, height: 630 });
    keep('vendor.png', first.rawPayload);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect((await get(`/og/vendor/${vendor.slug}.png`)).headers.etag).toBe(first.headers.etag);

    await db().update(vendors).set({ businessName: 'Karachi Chai Khana' }).where(eq(vendors.id, vendor.id));
    const renamed = await get(`/og/vendor/${vendor.slug}.png`, { 'if-none-match': String(first.headers.etag) });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(first.headers.etag);
  });

  it('draws names in Urdu and logos Twemoji does not know (initials instead)', async () => {
    const { vendor } = await premiumVendor({ businessName: 'کراچی چائے خانہ', logo: 'KC' });
    const response = await get(`/og/vendor/${vendor.slug}.png`);
    expectPng(response, { width: 1200, height: 630 });
    keep('vendor-urdu.png', response.rawPayload);
  });

  it('is a 404 for a vendor that does not exist or is not public, without drawing', async () => {
    const unknown = await get('/og/vendor/no-such-vendor.png');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'not_found']);
    const pending = await createVendor(db(), { plan: 'premium', status: 'pending' });
    expect((await get(`/og/vendor/${pending.slug}.png`)).statusCode).toBe(404);
  });

  it('refuses addresses that are not a vendor picture', async () => {
    for (const url of ['/og/vendor/Karachi.png', '/og/vendor/a.jpg', '/og/vendor/a%2F..%2Fb.png', '/og/vendor/.png']) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 400]);
    }
    // Longer than any address can be: the router refuses it before the route runs.
    expect((await get(`/og/vendor/${'a'.repeat(130)}.png`)).statusCode).toBe(414);
  });

  it("sends a vendor below Premium to the brand's picture", async () => {
    const vendor = await createVendor(db(), { plan: 'standard' });
    const response = await get(`/og/vendor/${vendor.slug}.png`);
    expect([response.statusCode, response.headers.location]).toEqual([302, '/og/site.png']);
  });
});

describe('GET /og/deal/:cardId.png', () => {
  it("draws a live deal's picture with its price in PKR", async () => {
    const { vendor } = await premiumVendor();
    const card = await dealCard(vendor.id);
    const response = await get(`/og/deal/${card.id}.png`);
    expectPng(response, { width: 1200, height: 630 });
    keep('deal.png', response.rawPayload);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    // A price change is a new picture.
    await db().update(loyaltyCards).set({ dealPrice: 249 }).where(eq(loyaltyCards.id, card.id));
    expect((await get(`/og/deal/${card.id}.png`)).headers.etag).not.toBe(response.headers.etag);
  });

  it('is a 404 for a card that is not public (draft, ended deal, unknown)', async () => {
    const { vendor } = await premiumVendor();
    const draft = await createCard(db(), vendor.id, { status: 'draft' });
    const ended = await dealCard(vendor.id, { dealEndsAt: new Date(context.clock.now().getTime() - 1000) });
    for (const id of [draft.id, ended.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await get(`/og/deal/${id}.png`)).statusCode).toBe(404);
    }
    expect((await get('/og/deal/not-a-card.png')).statusCode).toBe(400);
  });

  it("sends a card of a vendor below Premium to the brand's picture", async () => {
    const vendor = await createVendor(db(), { plan: 'starter' });
    const card = await createCard(db(), vendor.id);
    expect((await get(`/og/deal/${card.id}.png`)).headers.location).toBe('/og/site.png');
    expect((await get(`/og/deal/${card.id}.jpg`)).headers.location).toBe('/og/site.jpg');
  });
});

describe('the JPEG forms, for Instagram (it publishes JPEG only)', () => {
  const isJpeg = (bytes: Buffer) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

  it("draws the deal's picture and the brand's as JPEG, cached apart from the PNG", async () => {
    const { vendor } = await premiumVendor();
    const card = await dealCard(vendor.id);
    const jpeg = await get(`/og/deal/${card.id}.jpg`);
    expect([jpeg.statusCode, jpeg.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(isJpeg(jpeg.rawPayload)).toBe(true);
    keep('deal.jpg', jpeg.rawPayload);
    expect(jpeg.headers.etag).not.toBe((await get(`/og/deal/${card.id}.png`)).headers.etag);
    expect((await get(`/og/deal/${card.id}.jpg`, { 'if-none-match': jpeg.headers.etag as string })).statusCode).toBe(
      304,
    );
    const site = await get('/og/site.jpg');
    expect([site.statusCode, site.headers['content-type'], isJpeg(site.rawPayload)]).toEqual([200, 'image/jpeg', true]);
    expect((await get(`/og/deal/${card.id}.jpeg`)).statusCode).toBe(400);
  });
});

describe("GET /api/vendor/share and /api/vendor/share/today-deal.png (the vendor's square post)", () => {
  function asUser(user: SignedInUser, url: string, headers: Record<string, string> = {}) {
    return get(url, { cookie: user.cookie, ...headers });
  }

  it("lists the vendor's live cards with today's deal first, and draws the square post of each", async () => {
    const { owner, vendor } = await premiumVendor();
    const stampCard = await createCard(db(), vendor.id, { name: 'Chai Club', stampsRequired: 8 });
    const deal = await dealCard(vendor.id);
    await createCard(db(), vendor.id, { name: 'Draft card', status: 'draft' });

    const overview = (await asUser(owner, '/api/vendor/share')).json();
    expect(overview).toMatchObject({ allowed: true, lockedMessage: null });
    expect(overview.vendorUrl).toBe(`${context.config.publicUrl}/vendors/${vendor.slug}`);
    expect(overview.cards.map((card: { id: string }) => card.id)).toEqual([deal.id, stampCard.id]);
    expect(overview.cards[0]).toMatchObject({
      isDeal: true,
      shareUrl: `${context.config.publicUrl}/vendors/${vendor.slug}?card=${deal.id}`,
    });

    const today = await asUser(owner, '/api/vendor/share/today-deal.png');
    expectPng(today, { width: 1080, height: 1080 });
    keep('today-deal.png', today.rawPayload);
    expect(today.headers['cache-control']).toBe('private, no-cache');
    expect(today.headers['content-disposition']).toBe(`inline; filename="todays-deal-${vendor.slug}.png"`);
    const chosen = await asUser(owner, `/api/vendor/share/today-deal.png?cardId=${stampCard.id}`);
    expectPng(chosen, { width: 1080, height: 1080 });
    keep('today-stamp-card.png', chosen.rawPayload);
    expect(chosen.headers.etag).not.toBe(today.headers.etag);
    expect(
      (await asUser(owner, '/api/vendor/share/today-deal.png', { 'if-none-match': String(today.headers.etag) }))
        .statusCode,
    ).toBe(304);
  });

  it("refuses another vendor's card, bad ids, and a vendor with no live card", async () => {
    const { owner } = await premiumVendor();
    const other = await premiumVendor();
    const theirs = await createCard(db(), other.vendor.id);
    const foreign = await asUser(owner, `/api/vendor/share/today-deal.png?cardId=${theirs.id}`);
    expect(foreign.statusCode).toBe(404);
    const bad = await asUser(owner, '/api/vendor/share/today-deal.png?cardId=1');
    expect([bad.statusCode, bad.json().error.fields]).toEqual([400, { cardId: 'cardId is not valid' }]);
    const none = await asUser(owner, '/api/vendor/share/today-deal.png');
    expect([none.statusCode, none.json().error.message]).toEqual([404, NO_CARD_TO_SHARE]);
  });

  it('is for signed-in vendor members only', async () => {
    expect((await get('/api/vendor/share/today-deal.png')).statusCode).toBe(401);
    expect((await get('/api/vendor/share')).statusCode).toBe(401);
    const customer = await signUpUser(context.app);
    expect((await asUser(customer, '/api/vendor/share/today-deal.png')).statusCode).toBe(403);
  });
});
