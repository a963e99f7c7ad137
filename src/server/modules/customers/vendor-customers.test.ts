import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailLogs, emailMessages, emailPreferences, loyaltyCards, userCards, users, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser } from '@server/test/factories';
import {
  callAs,
  recordReward,
  recordStamps,
  vendorOwner,
  vendorStaff,
} from '@server/modules/vendors/vendor-test-helpers';

const DAY = 86_400_000;

describe('vendor customers API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function shopWithCustomers() {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium');
    const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 3 });
    const other = await createCard(db(), vendor.id, { name: 'Naan Card' });
    const ayesha = await signUpUser(context.app, { name: 'Ayesha', surname: 'Khan' });
    const bilal = await signUpUser(context.app, { name: 'Bilal', surname: 'Ahmed' });
    const sana = await signUpUser(context.app, { name: 'Sana', surname: 'Mir' });
    await db().update(users).set({ phone: '+92 300 5550101' }).where(eq(users.id, sana.id));
    const now = context.clock.now().getTime();
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: ayesha.id,
      times: [new Date(now - 3 * DAY), new Date(now - 2 * DAY), new Date(now - DAY)],
    });
    await recordReward(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: ayesha.id,
      earnedAt: new Date(now - DAY),
    });
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: other.id,
      userId: bilal.id,
      times: [new Date(now - 90 * DAY)],
    });
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: sana.id,
      times: [new Date(now - 5 * DAY)],
    });
    return { owner, vendor, card, other, ayesha, bilal, sana };
  }

  const list = async (cookie: string, query = '') =>
    (await callAs(context.app, cookie, 'GET', `/api/vendor/customers${query}`)).json();

  it('searches, filters, sorts and pages on the server', async () => {
    const { owner, card, ayesha, bilal, sana } = await shopWithCustomers();
    const all = await list(owner.cookie);
    expect(all.total).toBe(3);
    expect(all.customers.map((customer: { userId: string }) => customer.userId)).toEqual([
      ayesha.id,
      sana.id,
      bilal.id,
    ]);
    expect(all.customers[0]).toMatchObject({ name: 'Ayesha Khan', stamps: 3, rewards: 1, cards: 1, status: 'active' });
    expect(all.customers[2]).toMatchObject({ name: 'Bilal Ahmed', status: 'inactive' });

    expect((await list(owner.cookie, '?search=khan')).customers.map((c: { name: string }) => c.name)).toEqual([
      'Ayesha Khan',
    ]);
    expect((await list(owner.cookie, `?search=${encodeURIComponent(bilal.email.slice(0, 12))}`)).total).toBe(1);
    expect((await list(owner.cookie, '?search=5550101')).customers[0].userId).toBe(sana.id);
    expect((await list(owner.cookie, '?search=%25')).total).toBe(0);
    expect((await list(owner.cookie, '?status=inactive')).customers.map((c: { name: string }) => c.name)).toEqual([
      'Bilal Ahmed',
    ]);
    expect((await list(owner.cookie, '?status=completed')).customers.map((c: { name: string }) => c.name)).toEqual([
      'Ayesha Khan',
    ]);
    expect((await list(owner.cookie, `?cardId=${card.id}`)).total).toBe(2);
    expect((await list(owner.cookie, '?sort=name')).customers.map((c: { name: string }) => c.name)).toEqual([
      'Ayesha Khan',
      'Bilal Ahmed',
      'Sana Mir',
    ]);
    expect((await list(owner.cookie, '?sort=stamps')).customers[0].name).toBe('Ayesha Khan');

    const page2 = await list(owner.cookie, '?sort=name&page=2&pageSize=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.customers.map((c: { name: string }) => c.name)).toEqual(['Sana Mir']);

    const bad = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/customers?sort=age&page=0');
    expect(bad.statusCode).toBe(400);
  });

  it("counts per card when narrowed to one, and shows nothing for another vendor's card", async () => {
    const { owner, vendor, other, ayesha, bilal } = await shopWithCustomers();
    // Ayesha also holds the Naan Card now: narrowed to it, only its stamps count.
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: other.id,
      userId: ayesha.id,
      times: [context.clock.now()],
    });
    const naan = await list(owner.cookie, `?cardId=${other.id}&sort=stamps`);
    expect(
      naan.customers.map((c: { userId: string; stamps: number; rewards: number }) => [c.userId, c.stamps, c.rewards]),
    ).toEqual([
      [ayesha.id, 1, 0],
      [bilal.id, 1, 0],
    ]);
    expect((await list(owner.cookie)).customers.find((c: { userId: string }) => c.userId === ayesha.id)).toMatchObject({
      stamps: 4,
      rewards: 1,
      cards: 2,
    });

    const stranger = await shopWithCustomers();
    expect(await list(owner.cookie, `?cardId=${stranger.card.id}`)).toMatchObject({ customers: [], total: 0 });
  });

  it('sums up tiles, most active customers and weekly acquisition', async () => {
    const { owner } = await shopWithCustomers();
    const summary = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/customers/summary')).json();
    expect(summary.tiles).toMatchObject({ totalCustomers: 3, activeCustomers: 2, completedCustomers: 1 });
    expect(summary.mostActive[0]).toMatchObject({ name: 'Ayesha Khan', stamps: 3 });
    expect(summary.acquisition).toHaveLength(12);
    expect(
      summary.acquisition.reduce((sum: number, week: { newCustomers: number }) => sum + week.newCustomers, 0),
    ).toBe(2);
  });

  it('shows twelve weekly acquisition bars from a Monday, ending this week, on every day of the week', async () => {
    const start = context.clock.now();
    // The shop's own customers are stamped in the days before the week under test, wherever
    // TEST_CLOCK_START put the clock: only the newcomer is new in it.
    context.clock.set(new Date('2026-03-11T07:30:00.000Z'));
    const { owner, vendor, card } = await shopWithCustomers();
    try {
      // Monday 2026-03-16 00:00 to Sunday 2026-03-22 23:59, Pakistan time.
      const monday = new Date('2026-03-15T19:00:00Z');
      const newcomer = await signUpUser(context.app, { name: 'Hira', surname: 'Naz' });
      await recordStamps(db(), { vendorId: vendor.id, cardId: card.id, userId: newcomer.id, times: [monday] });
      for (let day = 0; day < 7; day += 1) {
        for (const hour of [0, 23.99]) {
          context.clock.set(new Date(monday.getTime() + day * DAY + hour * 3_600_000));
          const summary = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/customers/summary')).json();
          const weeks = summary.acquisition.map((bar: { week: string }) => bar.week);
          expect(weeks).toHaveLength(12);
          expect(weeks[0]).toBe('2025-12-29');
          expect(weeks[11]).toBe('2026-03-16');
          for (const week of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
          expect(summary.acquisition[11].newCustomers).toBe(1);
        }
      }
    } finally {
      context.clock.set(start);
    }
  });

  it('shows one customer with this vendor only, and nobody else', async () => {
    const shop = await shopWithCustomers();
    const rival = await vendorOwner(context.app, db(), 'premium');
    const rivalCard = await createCard(db(), rival.vendor.id, { name: 'Rival Card' });
    await recordStamps(db(), {
      vendorId: rival.vendor.id,
      cardId: rivalCard.id,
      userId: shop.ayesha.id,
      times: [context.clock.now()],
    });

    const detail = (
      await callAs(context.app, shop.owner.cookie, 'GET', `/api/vendor/customers/${shop.ayesha.id}`)
    ).json();
    expect(detail.cards.map((card: { name: string }) => card.name)).toEqual(['Chai Card']);
    expect(detail.stamps).toHaveLength(3);
    expect(detail.rewards).toHaveLength(1);

    const stranger = await signUpUser(context.app);
    for (const userId of [stranger.id, shop.bilal.id]) {
      const response = await callAs(context.app, rival.owner.cookie, 'GET', `/api/vendor/customers/${userId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Customer not found.');
    }
    const rivalList = await list(rival.owner.cookie);
    expect(rivalList.customers.map((c: { name: string }) => c.name)).toEqual(['Ayesha Khan']);
    const message = await callAs(
      context.app,
      rival.owner.cookie,
      'POST',
      `/api/vendor/customers/${shop.bilal.id}/message`,
      { subject: 'Hi', message: 'Hello' },
    );
    expect(message.statusCode).toBe(404);
  });

  it('messages a customer through the outbox, honouring vendor_updates and a daily limit', async () => {
    const { owner, vendor, ayesha, sana } = await shopWithCustomers();
    const staff = await vendorStaff(context.app, db(), vendor.id);
    const sent = await callAs(context.app, staff.cookie, 'POST', `/api/vendor/customers/${ayesha.id}/message`, {
      subject: 'Double stamps on Friday',
      message: 'Come by on Friday for double stamps.',
    });
    expect(sent.json()).toEqual({ outcome: 'queued' });
    const [mail] = await db()
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, ayesha.email), eq(emailMessages.emailType, 'vendor_message')));
    expect(mail?.subject).toContain('Double stamps on Friday');
    expect(mail?.text).toContain('Come by on Friday');

    await db().update(emailPreferences).set({ vendorUpdates: false }).where(eq(emailPreferences.userId, sana.id));
    const skipped = await callAs(context.app, owner.cookie, 'POST', `/api/vendor/customers/${sana.id}/message`, {
      subject: 'Hello',
      message: 'News',
    });
    expect(skipped.json()).toEqual({ outcome: 'skipped' });
    const logged = await db()
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.recipientEmail, sana.email), eq(emailLogs.emailType, 'vendor_message')));
    expect(logged.map((row) => row.status)).toEqual(['skipped']);

    await callAs(context.app, owner.cookie, 'POST', `/api/vendor/customers/${ayesha.id}/message`, {
      subject: 'Again',
      message: 'Second',
    });
    const third = await callAs(context.app, owner.cookie, 'POST', `/api/vendor/customers/${ayesha.id}/message`, {
      subject: 'Third',
      message: 'Too many',
    });
    expect(third.statusCode).toBe(429);
    const empty = await callAs(context.app, owner.cookie, 'POST', `/api/vendor/customers/${ayesha.id}/message`, {
      subject: '',
      message: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({ subject: 'Subject is required.' });
  });

  it('exports the customer list as CSV for the owner only', async () => {
    const { owner, vendor } = await shopWithCustomers();
    const csv = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/customers/export.csv?status=active');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Phone,Cards,Stamps,Rewards,Status,Joined,Last activity,Branches');
    expect(lines).toHaveLength(3);
    const staff = await vendorStaff(context.app, db(), vendor.id);
    expect((await callAs(context.app, staff.cookie, 'GET', '/api/vendor/customers/export.csv')).statusCode).toBe(403);
  });

  it('shows the customer’s level on a tiered card while the plan has tiers (decision 087)', async () => {
    const { owner, vendor, card, ayesha } = await shopWithCustomers();
    const rule = {
      basis: 'visits' as const,
      levels: [
        { name: 'Silver', from: 2, multiplier: 1.25 },
        { name: 'Gold', from: 5, multiplier: 1.5 },
      ],
    };
    await db().update(loyaltyCards).set({ tiers: rule }).where(eq(loyaltyCards.id, card.id));
    await db().update(userCards).set({ tierLevel: 1, tierCount: 3 }).where(eq(userCards.userId, ayesha.id));
    const detail = async () =>
      (await callAs(context.app, owner.cookie, 'GET', `/api/vendor/customers/${ayesha.id}`)).json();
    expect((await detail()).cards[0]).toMatchObject({
      name: 'Chai Card',
      tier: { level: 1, name: 'Silver', multiplier: 1.25, basis: 'visits', count: 3 },
    });
    // Below the first level: no name yet.
    await db().update(userCards).set({ tierLevel: 0, tierCount: 1 }).where(eq(userCards.userId, ayesha.id));
    expect((await detail()).cards[0].tier).toEqual({ level: 0, name: null, multiplier: 1, basis: 'visits', count: 1 });
    // Below Premium the level is not shown, as on the customer's own card.
    await db().update(vendors).set({ subscriptionPlan: 'standard' }).where(eq(vendors.id, vendor.id));
    expect((await detail()).cards[0].tier).toBeNull();
  });
});
