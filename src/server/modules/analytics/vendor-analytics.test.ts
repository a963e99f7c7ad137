import { desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyCards, stampReversals, stamps, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { addPakistanDays, startOfPakistanDay } from '@shared/pakistan-time';
import { createCard, signUpUser } from '@server/test/factories';
import {
  callAs,
  recordReward,
  recordStamps,
  vendorOwner,
  vendorStaff,
} from '@server/modules/vendors/vendor-test-helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('vendor analytics API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function vendorWithHistory(plan: 'starter' | 'standard' | 'premium' | 'enterprise') {
    const { owner, vendor } = await vendorOwner(context.app, db(), plan);
    const chai = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 3 });
    const biryani = await createCard(db(), vendor.id, { name: 'Biryani Card' });
    const regular = await signUpUser(context.app, { name: 'Ayesha', surname: 'Khan' });
    const newcomer = await signUpUser(context.app, { name: 'Zain', surname: 'Ali' });
    const now = context.clock.now().getTime();
    // Ayesha joined 60 days ago and came back this week; Zain is new this week.
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: chai.id,
      userId: regular.id,
      joinedAt: new Date(now - 60 * DAY),
      times: [new Date(now - 60 * DAY), new Date(now - 2 * DAY), new Date(now - 1 * DAY)],
    });
    await recordReward(db(), {
      vendorId: vendor.id,
      cardId: chai.id,
      userId: regular.id,
      earnedAt: new Date(now - 1 * DAY),
      redeemedAt: new Date(now - HOUR),
    });
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: biryani.id,
      userId: newcomer.id,
      times: [new Date(now - 3 * HOUR)],
    });
    return { owner, vendor, chai, biryani, regular, newcomer };
  }

  it('counts stamps, redemptions, active users and completion for the range', async () => {
    const { owner } = await vendorWithHistory('premium');
    const response = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics?range=7d');
    expect(response.statusCode).toBe(200);
    const analytics = response.json();
    expect(analytics.level).toBe('premium');
    expect(analytics.series).toHaveLength(7);
    expect(analytics.tiles).toEqual({
      stampsIssued: 3,
      stampsReversed: 0,
      rewardsRedeemed: 1,
      rewardsExpired: 0,
      activeUsers: 2,
      completionRate: 50,
    });
    const mix = analytics.customerMix.reduce(
      (sum: { n: number; r: number }, point: { newCustomers: number; returningCustomers: number }) => ({
        n: sum.n + point.newCustomers,
        r: sum.r + point.returningCustomers,
      }),
      { n: 0, r: 0 },
    );
    expect(mix).toEqual({ n: 1, r: 2 });
    expect(analytics.customerMixTotals).toEqual({ newCustomers: 1, returningCustomers: 1 });
    expect(
      analytics.cardPerformance.map((card: { name: string; stamps: number; completionRate: number }) => [
        card.name,
        card.stamps,
        card.completionRate,
      ]),
    ).toEqual([
      ['Chai Card', 2, 100],
      ['Biryani Card', 1, 0],
    ]);
    expect(analytics.topCustomers[0]).toMatchObject({ name: 'Ayesha Khan', stamps: 2, rewards: 1 });
    expect(analytics.peakHours.map((band: { band: string }) => band.band)).toEqual([
      'morning',
      'afternoon',
      'evening',
      'night',
    ]);
    expect(analytics.peakHours.reduce((sum: number, band: { stamps: number }) => sum + band.stamps, 0)).toBe(3);

    const year = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics?range=1y')).json();
    expect(year.bucket).toBe('month');
    expect(year.tiles.stampsIssued).toBe(4);
  });

  it('shows the stamps it reversed beside those it issued, and a reversed visit is no return', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium');
    const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 10 });
    const newcomer = await signUpUser(context.app, { name: 'Zain', surname: 'Ali' });
    const now = context.clock.now().getTime();
    const userCardId = await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: newcomer.id,
      times: [new Date(now - 3 * HOUR), new Date(now - 2 * HOUR)],
    });
    const read = async () => (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics?range=7d')).json();
    const before = await read();
    expect(before.tiles).toMatchObject({ stampsIssued: 2, stampsReversed: 0 });
    expect(before.customerMixTotals).toEqual({ newCustomers: 1, returningCustomers: 1 });

    const [second] = await db()
      .select({ id: stamps.id })
      .from(stamps)
      .where(eq(stamps.userCardId, userCardId))
      .orderBy(desc(stamps.issuedAt))
      .limit(1);
    await db()
      .insert(stampReversals)
      .values({ stampId: second!.id, vendorId: vendor.id, userCardId, reversedAt: new Date(now - HOUR) });
    const after = await read();
    expect(after.tiles).toMatchObject({ stampsIssued: 2, stampsReversed: 1 });
    expect(after.customerMixTotals).toEqual({ newCustomers: 1, returningCustomers: 0 });
    expect(
      after.customerMix.reduce(
        (sum: number, point: { returningCustomers: number }) => sum + point.returningCustomers,
        0,
      ),
    ).toBe(0);
  });

  it('counts a newcomer who came back in the same period as new and returning, a bonus stamp as no visit', async () => {
    // Wednesday 18 November 2026, 14:00 in Pakistan.
    context.clock.set('2026-11-18T09:00:00.000Z');
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium');
    const chai = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 10 });
    const today = startOfPakistanDay(context.clock.now());
    const at = (day: Date, hours: number) => new Date(day.getTime() + hours * HOUR);
    const stampsOf = async (name: string, times: Date[], joinedAt?: Date) => {
      const customer = await signUpUser(context.app, { name });
      const userCardId = await recordStamps(db(), {
        vendorId: vendor.id,
        cardId: chai.id,
        userId: customer.id,
        times,
        joinedAt,
      });
      return { customer, userCardId };
    };
    // Sana came three times today: her first visit, and twice back.
    await stampsOf('Sana', [at(today, 10), at(today, 12), at(today, 13.5)]);
    // Bilal came once today; the welcome automation gave him a bonus stamp with it.
    const bilal = await stampsOf('Bilal', [at(today, 11)]);
    await db()
      .insert(stamps)
      .values({
        userCardId: bilal.userCardId,
        vendorId: vendor.id,
        cardId: chai.id,
        userId: bilal.customer.id,
        qrCode: 'welcome',
        kind: 'automation_bonus',
        issuedAt: at(today, 11),
      });
    // Ayesha came 40 days ago and again on Monday.
    await stampsOf('Ayesha', [at(addPakistanDays(today, -40), 12), at(addPakistanDays(today, -2), 12)]);
    // Omar came twice on the first day of 6 months, whose week started days before it.
    const sixMonthsStart = addPakistanDays(today, -179);
    await stampsOf('Omar', [at(sixMonthsStart, 10), at(sixMonthsStart, 12)]);

    const view = async (query: string) =>
      (await callAs(context.app, owner.cookie, 'GET', `/api/vendor/analytics?${query}`)).json();
    const mixOf = (analytics: {
      customerMix: Array<{ bucket: string; newCustomers: number; returningCustomers: number }>;
    }) =>
      analytics.customerMix
        .filter((point) => point.newCustomers + point.returningCustomers > 0)
        .map((point) => [point.bucket, point.newCustomers, point.returningCustomers]);

    const week = await view('range=7d');
    expect(week.customerMixTotals).toEqual({ newCustomers: 2, returningCustomers: 2 });
    expect(mixOf(week)).toEqual([
      ['2026-11-16', 0, 1],
      ['2026-11-18', 2, 1],
    ]);
    // One card: the same people, new where they took the card.
    expect((await view(`range=7d&cardId=${chai.id}`)).customerMixTotals).toEqual({
      newCustomers: 2,
      returningCustomers: 2,
    });

    const half = await view('range=6m');
    expect(half.bucket).toBe('week');
    // New: all four; returning: Sana, Ayesha and Omar (Bilal's second stamp was the bonus).
    expect(half.customerMixTotals).toEqual({ newCustomers: 4, returningCustomers: 3 });
    expect(mixOf(half)).toEqual([
      ['2026-05-18', 1, 1],
      ['2026-10-05', 1, 0],
      ['2026-11-16', 2, 2],
    ]);
    const csv = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics/export.csv?range=7d');
    expect(csv.body).toContain('Returning Customers,2');
  });

  it('lists a deleted card while it has stamps in the range or rewards, and not once it has neither', async () => {
    const { owner, vendor, biryani } = await vendorWithHistory('premium');
    const quiet = await createCard(db(), vendor.id, { name: 'Kheer Card' });
    await db()
      .update(loyaltyCards)
      .set({ status: 'archived' })
      .where(inArray(loyaltyCards.id, [biryani.id, quiet.id]));
    const names = async (range: string) =>
      (await callAs(context.app, owner.cookie, 'GET', `/api/vendor/analytics?range=${range}`))
        .json()
        .cardPerformance.map((card: { name: string; status: string; users: number }) => [
          card.name,
          card.status,
          card.users,
        ]);
    // Biryani's one stamp is three hours old: in every range. Kheer never had one.
    expect(await names('7d')).toEqual([
      ['Chai Card', 'active', 1],
      ['Biryani Card', 'archived', 1],
    ]);
    await db().delete(stamps).where(eq(stamps.cardId, biryani.id));
    expect(await names('7d')).toEqual([['Chai Card', 'active', 1]]);
  });

  it('narrows to one card and refuses cards of other vendors', async () => {
    const { owner, chai } = await vendorWithHistory('premium');
    const other = await vendorWithHistory('premium');
    const one = (
      await callAs(context.app, owner.cookie, 'GET', `/api/vendor/analytics?range=30d&cardId=${chai.id}`)
    ).json();
    expect(one.card).toEqual({ id: chai.id, name: 'Chai Card' });
    expect(one.tiles.stampsIssued).toBe(2);
    // Ayesha took the card 60 days ago: returning on each of the two days she was stamped this month.
    expect(
      one.customerMix
        .filter(
          (point: { newCustomers: number; returningCustomers: number }) =>
            point.newCustomers + point.returningCustomers > 0,
        )
        .map((point: { newCustomers: number; returningCustomers: number }) => [
          point.newCustomers,
          point.returningCustomers,
        ]),
    ).toEqual([
      [0, 1],
      [0, 1],
    ]);
    const foreign = await callAs(
      context.app,
      owner.cookie,
      'GET',
      `/api/vendor/analytics?range=30d&cardId=${other.chai.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    const bad = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics?range=2w');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Choose a range');
  });

  it('shows each plan only its analytics level', async () => {
    const basic = await vendorWithHistory('starter');
    const basicView = (await callAs(context.app, basic.owner.cookie, 'GET', '/api/vendor/analytics?range=30d')).json();
    expect(basicView).toMatchObject({
      level: 'basic',
      customerMix: null,
      cardPerformance: null,
      topCustomers: null,
      peakHours: null,
    });
    const longer = await callAs(context.app, basic.owner.cookie, 'GET', '/api/vendor/analytics?range=3m');
    expect(longer.statusCode).toBe(403);
    expect(longer.json().error.message).toBe('Basic analytics cover up to 30 days. Upgrade your plan to see 3 months.');
    expect(
      (await callAs(context.app, basic.owner.cookie, 'GET', '/api/vendor/analytics/export.csv?range=7d')).statusCode,
    ).toBe(403);

    const advanced = await vendorWithHistory('standard');
    const advancedView = (
      await callAs(context.app, advanced.owner.cookie, 'GET', '/api/vendor/analytics?range=3m')
    ).json();
    expect(advancedView.cardPerformance).toHaveLength(2);
    expect(advancedView.topCustomers).toBeNull();
    const csv = await callAs(context.app, advanced.owner.cookie, 'GET', '/api/vendor/analytics/export.csv?range=30d');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Card Performance');
    expect(csv.body).toContain('Chai Card');
    const pdf = await callAs(context.app, advanced.owner.cookie, 'GET', '/api/vendor/analytics/export.pdf?range=30d');
    expect(pdf.statusCode).toBe(403);
    expect(pdf.json().error.message).toBe('Advanced analytics do not include PDF export. Upgrade your plan to use it.');
  });

  it('exports a PDF and a printable report on premium, for staff too', async () => {
    const { vendor } = await vendorWithHistory('premium');
    const staff = await vendorStaff(context.app, db(), vendor.id);
    const pdf = await callAs(context.app, staff.cookie, 'GET', '/api/vendor/analytics/export.pdf?range=30d');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const report = await callAs(context.app, staff.cookie, 'GET', '/api/vendor/analytics/report?range=30d');
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('Top Customers');
    expect(report.body).toContain('Ayesha Khan');
    expect(report.body).not.toContain('<script');
  });

  /**
   * Burns Road Foods owns the Food Street Card; Karachi Chai House honours it as a partner and has
   * its own Chai Card. Stamps and confirmed rewards on the partner card come from both counters.
   */
  async function partnerCardWithHistory() {
    const owner = await vendorOwner(context.app, db(), 'premium', { businessName: 'Burns Road Foods' });
    const partner = await vendorOwner(context.app, db(), 'premium', { businessName: 'Karachi Chai House' });
    const card = await createCard(db(), owner.vendor.id, { name: 'Food Street Card' });
    const chai = await createCard(db(), partner.vendor.id, { name: 'Chai Card' });
    expect(
      (
        await callAs(context.app, owner.owner.cookie, 'POST', `/api/vendor/cards/${card.id}/partners`, {
          partner: partner.vendor.slug,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await callAs(context.app, partner.owner.cookie, 'POST', `/api/vendor/partner-invitations/${card.id}`, {
          response: 'accept',
        })
      ).statusCode,
    ).toBe(200);
    const ayesha = await signUpUser(context.app, { name: 'Ayesha' });
    const zain = await signUpUser(context.app, { name: 'Zain' });
    const now = context.clock.now().getTime();
    const at = (days: number) => new Date(now - days * DAY);
    // In the last 7 days: the owner issued 2 stamps on the card, the partner 3 (and 1 more 40 days ago), and 1 on its own card.
    await recordStamps(db(), { vendorId: owner.vendor.id, cardId: card.id, userId: ayesha.id, times: [at(3), at(2)] });
    await recordStamps(db(), {
      vendorId: partner.vendor.id,
      cardId: card.id,
      userId: zain.id,
      times: [at(40), at(3), at(2), at(1)],
    });
    await recordStamps(db(), { vendorId: partner.vendor.id, cardId: chai.id, userId: zain.id, times: [at(1)] });
    // Rewards of the card: one confirmed at the partner, one at the owner, one from before partner cards (no vendor named: the owner's).
    await recordReward(db(), {
      vendorId: owner.vendor.id,
      cardId: card.id,
      userId: zain.id,
      earnedAt: at(2),
      redeemedAt: at(1),
      redeemedByVendorId: partner.vendor.id,
    });
    await recordReward(db(), {
      vendorId: owner.vendor.id,
      cardId: card.id,
      userId: ayesha.id,
      earnedAt: at(2),
      redeemedAt: at(1),
      redeemedByVendorId: owner.vendor.id,
    });
    await recordReward(db(), {
      vendorId: owner.vendor.id,
      cardId: card.id,
      userId: ayesha.id,
      earnedAt: at(3),
      redeemedAt: at(2),
    });
    // The partner's own card: a reward from before partner cards, honoured by its owner.
    await recordReward(db(), {
      vendorId: partner.vendor.id,
      cardId: chai.id,
      userId: zain.id,
      earnedAt: at(2),
      redeemedAt: at(1),
    });
    return { owner, partner, card, chai };
  }

  it('shows a partner its own stamps and the rewards it confirmed, not the owner’s', async () => {
    const { owner, partner, card } = await partnerCardWithHistory();
    const partnerView = (
      await callAs(context.app, partner.owner.cookie, 'GET', '/api/vendor/analytics?range=7d')
    ).json();
    // 3 stamps on the partner card and 1 on its own; the reward it confirmed on the partner card and its own card's.
    expect(partnerView.tiles).toMatchObject({ stampsIssued: 4, rewardsRedeemed: 2 });
    expect(partnerView.series.reduce((sum: number, point: { redemptions: number }) => sum + point.redemptions, 0)).toBe(
      2,
    );
    expect(partnerView.partnerShares).toBeNull();
    // The owner's overall view counts what its own counter did: 2 stamps, the reward it confirmed and the old one.
    const ownerView = (await callAs(context.app, owner.owner.cookie, 'GET', '/api/vendor/analytics?range=7d')).json();
    expect(ownerView.tiles).toMatchObject({ stampsIssued: 2, rewardsRedeemed: 2 });
    expect(
      ownerView.cardPerformance.map((row: { name: string; stamps: number; rewardsRedeemed: number }) => [
        row.name,
        row.stamps,
        row.rewardsRedeemed,
      ]),
    ).toEqual([['Food Street Card', 2, 2]]);
    // The card itself is the owner's to choose: the partner sees its share without it.
    expect(
      (await callAs(context.app, partner.owner.cookie, 'GET', `/api/vendor/analytics?range=7d&cardId=${card.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('shows the owner a partner card’s totals and each vendor’s share for the range', async () => {
    const { owner, partner, card } = await partnerCardWithHistory();
    const month = (
      await callAs(context.app, owner.owner.cookie, 'GET', `/api/vendor/analytics?range=30d&cardId=${card.id}`)
    ).json();
    expect(month.card).toEqual({ id: card.id, name: 'Food Street Card' });
    expect(month.tiles).toMatchObject({ stampsIssued: 5, rewardsRedeemed: 3, activeUsers: 2 });
    expect(month.partnerShares).toEqual([
      { vendorId: owner.vendor.id, businessName: 'Burns Road Foods', stamps: 2, redemptions: 2 },
      { vendorId: partner.vendor.id, businessName: 'Karachi Chai House', stamps: 3, redemptions: 1 },
    ]);
    // A year takes in the partner's older stamp.
    const year = (
      await callAs(context.app, owner.owner.cookie, 'GET', `/api/vendor/analytics?range=1y&cardId=${card.id}`)
    ).json();
    expect(year.tiles.stampsIssued).toBe(6);
    expect(year.partnerShares[1]).toMatchObject({ businessName: 'Karachi Chai House', stamps: 4, redemptions: 1 });
    // A card without partners has no share table.
    const plain = await createCard(db(), owner.vendor.id, { name: 'Biryani Card' });
    expect(
      (
        await callAs(context.app, owner.owner.cookie, 'GET', `/api/vendor/analytics?range=30d&cardId=${plain.id}`)
      ).json().partnerShares,
    ).toBeNull();
  });

  it('follows a plan change at once (an inactive subscription falls back to basic)', async () => {
    const { owner, vendor } = await vendorWithHistory('premium');
    await db().update(vendors).set({ subscriptionStatus: 'canceled' }).where(eq(vendors.id, vendor.id));
    const view = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/analytics?range=7d')).json();
    expect(view.level).toBe('basic');
  });
});
