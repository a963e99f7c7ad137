import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatPKR } from '@shared/number-format';
import { loyaltyCards, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor } from '@server/test/factories';
import { sharedCardId } from '@server/modules/seo/page-head';
import { headOf, metaOf } from '@server/modules/seo/page-head-test-helpers';
import { cardDealPrice, cardDealTerms, cardShareDescription } from './share-wording';
import { clip } from './share-layouts';
import type { CardShareSubject } from './share-subjects';

/** The Open Graph and Twitter tags of a shared address (decision 034), as a crawler reads the HTML. */
describe('share tags in the page head', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const site = () => `${context.config.publicUrl}/og/site.png`;

  it("gives listing pages the full set of tags with the brand's picture", async () => {
    const head = await headOf(context.app, '/daily-chaska');
    expect({
      type: metaOf(head, 'og:type'),
      title: metaOf(head, 'og:title'),
      url: metaOf(head, 'og:url'),
      image: metaOf(head, 'og:image'),
      width: metaOf(head, 'og:image:width'),
      height: metaOf(head, 'og:image:height'),
      imageType: metaOf(head, 'og:image:type'),
      card: metaOf(head, 'twitter:card'),
      twitterImage: metaOf(head, 'twitter:image'),
    }).toEqual({
      type: 'website',
      title: 'Daily Chaska · Chaska',
      url: `${context.config.publicUrl}/daily-chaska`,
      image: site(),
      width: '1200',
      height: '630',
      imageType: 'image/png',
      card: 'summary_large_image',
      twitterImage: site(),
    });
    expect(metaOf(head, 'og:description')).toBe(metaOf(head, 'twitter:description'));
  });

  it("points a Premium vendor's page at its own picture, with names escaped", async () => {
    const vendor = await createVendor(db(), { plan: 'premium', businessName: 'Chai "&" <Paratha>', city: 'Lahore' });
    const head = await headOf(context.app, `/vendors/${vendor.slug}`);
    expect(metaOf(head, 'og:image')).toBe(`${context.config.publicUrl}/og/vendor/${vendor.slug}.png`);
    expect(metaOf(head, 'og:image:alt')).toBe('Chai "&" <Paratha>, Lahore');
    expect(head).toContain('content="Chai &#34;&#38;&#34; &#60;Paratha&#62;, Lahore · Chaska"');
    expect(metaOf(head, 'og:url')).toBe(`${context.config.publicUrl}/vendors/${vendor.slug}`);
  });

  it("describes a shared card with its own words and picture; canonical stays the vendor's page", async () => {
    const vendor = await createVendor(db(), { plan: 'enterprise', businessName: 'Lahori Nashta', city: 'Lahore' });
    const card = await createCard(db(), vendor.id, {
      name: 'Halwa Puri Deal',
      cardType: 'daily_chaska',
      stampsRequired: 1,
    });
    await db().update(loyaltyCards).set({ dealPrice: 350, originalPrice: 500 }).where(eq(loyaltyCards.id, card.id));
    const head = await headOf(context.app, `/vendors/${vendor.slug}?card=${card.id}`);
    expect(head).toContain('<title>Halwa Puri Deal at Lahori Nashta · Chaska</title>');
    expect(metaOf(head, 'og:description')).toBe(
      `${formatPKR(350)} instead of ${formatPKR(500)} (30% off). Collect 1 stamp, get Free Chai at Lahori Nashta, Gulberg, Lahore, with Chaska.`,
    );
    expect(metaOf(head, 'og:url')).toBe(`${context.config.publicUrl}/vendors/${vendor.slug}?card=${card.id}`);
    expect(metaOf(head, 'og:image')).toBe(`${context.config.publicUrl}/og/deal/${card.id}.png`);
    expect(head).toContain(`<link rel="canonical" href="${context.config.publicUrl}/vendors/${vendor.slug}" />`);
  });

  it('describes a shared card in Urdu on an Urdu page, and its picture stays the same', async () => {
    const vendor = await createVendor(db(), { plan: 'enterprise', businessName: 'Lahori Nashta', city: 'Lahore' });
    const card = await createCard(db(), vendor.id, { name: 'Halwa Puri Deal', stampsRequired: 3 });
    await db()
      .update(loyaltyCards)
      .set({ dealPrice: 350, originalPrice: 500, membershipFeeYearly: 999 })
      .where(eq(loyaltyCards.id, card.id));
    const address = `/vendors/${vendor.slug}?card=${card.id}`;
    const urdu = await headOf(context.app, address, 'ur');
    expect(urdu).toContain('<title>Lahori Nashta پر Halwa Puri Deal · Chaska</title>');
    expect(metaOf(urdu, 'og:description')).toBe(
      `${formatPKR(500)} کے بجائے ${formatPKR(350)} (30% رعایت)۔ Lahori Nashta, Gulberg, Lahore پر 3 اسٹیمپ جمع کریں، Free Chai پائیں، Chaska کے ساتھ۔ ممبرشپ ${formatPKR(999)} سالانہ۔`,
    );
    const english = await headOf(context.app, address);
    expect(metaOf(english, 'og:description')).toBe(
      `${formatPKR(350)} instead of ${formatPKR(500)} (30% off). Collect 3 stamps, get Free Chai at Lahori Nashta, Gulberg, Lahore, with Chaska. Membership ${formatPKR(999)} a year.`,
    );
    expect(metaOf(urdu, 'og:image')).toBe(metaOf(english, 'og:image'));
  });

  it('ignores a card of another vendor, a card that is not live, and a malformed one', async () => {
    const vendor = await createVendor(db(), { plan: 'premium', businessName: 'Sajji House' });
    const other = await createVendor(db(), { plan: 'premium' });
    const theirs = await createCard(db(), other.id, { name: 'Their Card' });
    const paused = await createCard(db(), vendor.id, { name: 'Paused Card', status: 'paused' });
    for (const card of [theirs.id, paused.id, 'nope']) {
      const head = await headOf(context.app, `/vendors/${vendor.slug}?card=${card}`);
      expect(metaOf(head, 'og:title')).toBe(`Sajji House, Lahore · Chaska`);
    }
    await db().update(vendors).set({ subscriptionStatus: 'canceled' }).where(eq(vendors.id, vendor.id));
    expect(metaOf(await headOf(context.app, `/vendors/${vendor.slug}`), 'og:image')).toBe(site());
  });

  it('reads the card from the address', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(sharedCardId(`/vendors/a?card=${id}`)).toBe(id);
    expect(sharedCardId(`/vendors/a?utm=x&card=${id.toUpperCase()}#top`)).toBe(id);
    expect(sharedCardId('/vendors/a?card=1')).toBeNull();
    expect(sharedCardId('/vendors/a')).toBeNull();
  });
});

describe('share wording', () => {
  const now = new Date('2026-03-11T10:00:00Z'); // 3 pm in Pakistan
  const card: CardShareSubject = {
    id: 'c',
    name: 'Biryani Box',
    description: '',
    cardType: 'daily_chaska',
    stampsRequired: 1,
    rewardTitle: 'Raita',
    rewardValue: 0,
    dealPrice: 1299,
    originalPrice: 1999,
    stockLeft: 1200,
    dealEndsAt: new Date('2026-03-11T18:45:00Z'),
    membershipFeeYearly: null,
    vendor: {
      slug: 'v',
      businessName: 'Student Biryani',
      businessCategory: 'restaurant',
      businessDescription: null,
      logo: '🍛',
      city: 'Karachi',
      area: 'Saddar',
      socialSharing: true,
    },
  };

  it('prices in PKR as en-PK writes them', () => {
    // en-PK puts a no-break space after "Rs", so a price never wraps apart.
    expect(formatPKR(1299)).toBe('Rs\u00a01,299');
    expect(cardDealPrice(card)).toEqual({ price: formatPKR(1299), was: formatPKR(1999), saving: '35% off' });
    expect(cardDealPrice({ dealPrice: 500, originalPrice: 400 })).toEqual({
      price: formatPKR(500),
      was: null,
      saving: null,
    });
    expect(cardDealPrice({ dealPrice: null, originalPrice: null })).toBeNull();
  });

  it('says when a deal ends in Pakistan time, today or on a date, and how many are left', () => {
    expect(cardDealTerms(card, now)).toBe('Ends today at 11:45 pm · 1,200 left');
    expect(cardDealTerms({ ...card, dealEndsAt: new Date('2026-03-11T19:30:00Z') }, now)).toBe(
      'Ends 12 March 2026 at 12:30 am · 1,200 left',
    );
    expect(cardDealTerms({ dealEndsAt: null, stockLeft: null }, now)).toBeNull();
  });

  it('describes a card without a price by its reward and membership', () => {
    expect(cardShareDescription({ ...card, dealPrice: null, cardType: 'exclusive', membershipFeeYearly: 999 })).toBe(
      `Collect 1 stamp, get Raita at Student Biryani, Saddar, Karachi, with Chaska. Membership ${formatPKR(999)} a year.`,
    );
  });

  it('cuts long texts at a word with an ellipsis', () => {
    expect(clip('Short', 10)).toBe('Short');
    expect(clip('The best chai in the whole of Karachi', 20)).toBe('The best chai in…');
    expect([...clip('x'.repeat(50), 10)]).toHaveLength(10);
  });
});
