import { listPublicVendors } from '@server/modules/marketplace/list-public-vendors';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { loyaltyCards, supportReplyTemplates, vendors } from '@server/db/schema';
import { createTestDatabase } from '@server/test/test-database';
import { isSeedingNeeded, renewEndedDemoDeals, seedDemoData } from './seed-demo-data';

describe('seedDemoData', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('seeds SPEC.md section 9 exactly once', async () => {
    expect(await isSeedingNeeded(database.db)).toBe(true);
    const now = new Date('2026-11-22T10:00:00Z');
    expect(await seedDemoData(database.db, now)).toEqual({ seeded: true });
    expect(await seedDemoData(database.db, now)).toEqual({ seeded: false });

    const vendorRows = await database.db.select().from(vendors).orderBy(asc(vendors.createdAt));
    expect(vendorRows.map((vendor) => vendor.city).sort()).toEqual([
      'Islamabad',
      'Karachi',
      'Lahore',
      'Lahore',
      'Multan',
      'Peshawar',
    ]);
    expect(vendorRows.every((vendor) => vendor.status === 'approved')).toBe(true);
    // Each shop's main branch has its pin, so "Near me" lists the demo's shops by distance.
    const page = await listPublicVendors(database.db, { near: 'Lahore', limit: 2 }, now);
    expect(page.vendors.map((vendor) => vendor.businessName).sort()).toEqual(['Butt Karahi House', 'Gulberg Bakers']);
    expect(page.vendors.every((vendor) => (vendor.distanceKm ?? 99) < 10)).toBe(true);
    expect(vendorRows.some((vendor) => vendor.subscriptionPlan === 'premium')).toBe(true);

    const cards = await database.db.select().from(loyaltyCards);
    const byStamps = cards.map((card) => [card.stampsRequired, card.rewardValue]).sort((a, b) => a[0]! - b[0]!);
    expect(byStamps).toEqual([
      [4, 1500],
      [5, 900],
      [6, 1800],
      [7, 3200],
      [8, 2500],
      [10, 1200],
    ]);
    expect(new Set(cards.map((card) => card.cardType))).toEqual(
      new Set(['free', 'hot_shot', 'exclusive', 'daily_chaska']),
    );
    const deal = cards.find((card) => card.cardType === 'daily_chaska')!;
    expect(deal).toMatchObject({ dealPrice: 299, originalPrice: 499, stockLeft: 5 });
    expect(deal.dealEndsAt!.getTime() - now.getTime()).toBe(((23 * 60 + 45) * 60 + 12) * 1000);
    expect(cards.find((card) => card.cardType === 'exclusive')?.membershipFeeYearly).toBe(999);
    expect(await isSeedingNeeded(database.db)).toBe(false);

    // The Chat Assistant's saved replies, each in English and Urdu.
    const replies = await database.db.select().from(supportReplyTemplates);
    expect(replies.map((reply) => reply.title).sort()).toEqual([
      'How to redeem a reward',
      'Stamp not showing',
      'Vendor application under review',
    ]);
    expect(replies.every((reply) => reply.bodyEn.length > 0 && /[\u0600-\u06ff]/.test(reply.bodyUr))).toBe(true);
  });

  it('gives ended demo deals a fresh end time at the next demo start', async () => {
    const later = new Date('2026-11-25T10:00:00Z');
    expect(await renewEndedDemoDeals(database.db, later)).toBe(1);
    const [deal] = await database.db.select().from(loyaltyCards).where(eq(loyaltyCards.cardType, 'daily_chaska'));
    expect(deal!.dealEndsAt!.getTime()).toBe(later.getTime() + ((23 * 60 + 45) * 60 + 12) * 1000);
    expect(await renewEndedDemoDeals(database.db, later)).toBe(0);
  });
});
