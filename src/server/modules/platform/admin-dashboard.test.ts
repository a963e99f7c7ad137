import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatAge, formatDuration } from '@shared/platform/admin-dashboard';
import { inTextLanguage } from '@server/lib/texts';
import { runDueJobs } from '@server/background-jobs';
import { auditLog, emailMessages, emailPreferences, loyaltyCards, payments } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { callAs, recordReward, recordStamps } from '@server/modules/vendors/vendor-test-helpers';
import { recordAudit, SYSTEM_ACTOR } from '@server/lib/record-audit';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { getPlatformStats } from './get-platform-stats';

describe('admin dashboard API', () => {
  const context = useTestApp();

  it("counts this Pakistan month's subscription revenue and, separately, the rewards redeemed", async () => {
    const db = context.database.db;
    const vendor = await createVendor(db, { status: 'approved' });
    const card = await createCard(db, vendor.id, { rewardValue: 700 });
    const customer = await signUpUser(context.app);
    const payment = (paidAt: string, amount: number, status = 'paid') => ({
      vendorId: vendor.id,
      provider: 'sandbox',
      providerReference: `ref-${paidAt}-${amount}`,
      planId: 'standard',
      amount,
      status,
      paidAt: new Date(paidAt),
    });
    await db.insert(payments).values([
      // 1 June 00:30 in Karachi is still 31 May in UTC: it belongs to June.
      payment('2025-05-31T19:30:00Z', 5000),
      payment('2025-06-10T09:00:00Z', 2500),
      payment('2025-06-11T09:00:00Z', 9999, 'failed'),
      // 31 May 23:30 in Karachi: May.
      payment('2025-05-31T18:30:00Z', 20000),
    ]);
    await recordReward(db, {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      earnedAt: new Date('2025-06-02T10:00:00Z'),
      redeemedAt: new Date('2025-06-03T10:00:00Z'),
    });
    await recordReward(db, {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      earnedAt: new Date('2025-05-02T10:00:00Z'),
      redeemedAt: new Date('2025-05-03T10:00:00Z'),
    });

    const stats = await getPlatformStats(db, new Date('2025-06-15T12:00:00Z'));
    expect(stats).toMatchObject({
      monthlyRevenue: 7500,
      redeemedRewardValue: 500,
      monthLabel: 'June 2025',
      activeCards: 1,
    });
    expect(stats.totalVendors).toBeGreaterThanOrEqual(1);
    expect(stats.totalUsers).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 when the statistics cannot be read, so the screen shows the database box', async () => {
    const admin = await signUpAdmin(context.app, context.database.db);
    await context.database.db.execute(sql`alter table "payments" rename to "payments_unavailable"`);
    try {
      const response = await callAs(context.app, admin.cookie, 'GET', '/api/admin/stats');
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('stats_unavailable');
    } finally {
      await context.database.db.execute(sql`alter table "payments_unavailable" rename to "payments"`);
    }
    const again = await callAs(context.app, admin.cookie, 'GET', '/api/admin/stats');
    expect(again.statusCode).toBe(200);
  });

  it('shows admin actions as recent activity, newest first', async () => {
    const admin = await signUpAdmin(context.app, context.database.db);
    const vendor = await createVendor(context.database.db, { status: 'pending', businessName: 'Nihari Corner' });
    await callAs(context.app, admin.cookie, 'POST', `/api/admin/vendors/${vendor.id}/approve`);
    const response = await callAs(context.app, admin.cookie, 'GET', '/api/admin/activity?limit=5');
    const [latest] = response.json().items;
    expect(latest).toMatchObject({
      type: 'vendor.approve',
      message: 'Vendor Nihari Corner approved',
      actorEmail: admin.email,
    });
    const tooMany = await callAs(context.app, admin.cookie, 'GET', '/api/admin/activity?limit=500');
    expect(tooMany.statusCode).toBe(400);
  });

  it('names people and businesses in every activity line, never their ids', async () => {
    const db = context.database.db;
    const admin = await signUpAdmin(context.app, db);
    const customer = await signUpUser(context.app, { name: 'Zainab', surname: 'Qureshi' });
    const vendor = await createVendor(db, { businessName: 'Karachi Bun Kabab' });
    // As the demo's sample cards and a subscription change write them: ids, and no name in the metadata.
    await recordAudit(db, {
      actor: { userId: customer.id, email: customer.email },
      action: 'customer.sample_cards',
      targetType: 'user',
      targetId: customer.id,
      metadata: { cards: 3 },
    });
    await recordAudit(db, {
      actor: SYSTEM_ACTOR,
      action: 'billing.subscription_changed',
      targetType: 'vendor',
      targetId: vendor.id,
      vendorId: vendor.id,
      metadata: { fromPlan: 'starter', toPlan: 'premium' },
    });
    const items = (await callAs(context.app, admin.cookie, 'GET', '/api/admin/activity?limit=2')).json().items;
    expect(items.map((item: { message: string }) => item.message)).toEqual([
      'Subscription of Karachi Bun Kabab changed',
      'Zainab Qureshi added sample cards',
    ]);
    for (const item of items) expect(item.message).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    // An admin reading in Urdu reads each line in Urdu, the names as they are.
    const inUrdu = (
      await context.app.inject({
        method: 'GET',
        url: '/api/admin/activity?limit=2',
        headers: { cookie: `${admin.cookie}; chaska_lang=ur` },
      })
    ).json().items;
    expect(inUrdu.map((item: { message: string }) => item.message)).toEqual([
      'Karachi Bun Kabab کی سبسکرپشن بدلی گئی',
      'Zainab Qureshi نے نمونے کے کارڈز شامل کیے',
    ]);
  });

  it('writes ages in minutes, hours or days, and uptimes in words', () => {
    const now = new Date('2025-06-15T12:00:00Z');
    expect(formatAge('2025-06-15T11:59:30Z', now)).toBe('0 minutes ago');
    expect(formatAge('2025-06-15T11:59:00Z', now)).toBe('1 minute ago');
    expect(formatAge('2025-06-15T11:15:00Z', now)).toBe('45 minutes ago');
    expect(formatAge('2025-06-15T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatAge('2025-06-14T11:00:00Z', now)).toBe('1 day ago');
    expect(formatAge('2025-06-10T12:00:00Z', now)).toBe('5 days ago');
    // In Urdu, by the reader's language.
    expect(inTextLanguage('ur', () => formatAge('2025-06-15T11:15:00Z', now))).toBe('45 منٹ پہلے');
    expect(inTextLanguage('ur', () => formatAge('2025-06-15T11:59:30Z', now))).toBe('0 منٹ پہلے');
    expect(formatDuration(30_000)).toBe('30 seconds');
    expect(formatDuration(61_000)).toBe('1 minute');
    expect(formatDuration((26 * 60 + 5) * 60_000)).toBe('1 day 2 hours');
    expect(inTextLanguage('ur', () => formatDuration((26 * 60 + 5) * 60_000))).toBe('1 دن 2 گھنٹے');
  });

  it('ranks top vendors by customers, then revenue', async () => {
    const admin = await signUpAdmin(context.app, context.database.db);
    const db = context.database.db;
    const busy = await createVendor(db, { businessName: 'Busy Bakery', city: 'Karachi' });
    const quiet = await createVendor(db, { businessName: 'Quiet Cafe' });
    const busyCard = await createCard(db, busy.id);
    const quietCard = await createCard(db, quiet.id);
    for (const _ of [1, 2, 3]) {
      const customer = await signUpUser(context.app);
      await recordStamps(db, {
        vendorId: busy.id,
        cardId: busyCard.id,
        userId: customer.id,
        times: [context.clock.now()],
      });
    }
    const single = await signUpUser(context.app);
    await recordStamps(db, {
      vendorId: quiet.id,
      cardId: quietCard.id,
      userId: single.id,
      times: [context.clock.now()],
    });
    const response = await callAs(context.app, admin.cookie, 'GET', '/api/admin/top-vendors');
    const names = response.json().vendors.map((vendor: { name: string }) => vendor.name);
    expect(names.indexOf('Busy Bakery')).toBeLessThan(names.indexOf('Quiet Cafe'));
    expect(response.json().vendors[0]).toMatchObject({ name: 'Busy Bakery', users: 3, city: 'Karachi' });
  });

  it('checks the database, e-mail, payment provider and live events for real', async () => {
    const admin = await signUpAdmin(context.app, context.database.db);
    const response = await callAs(context.app, admin.cookie, 'GET', '/api/admin/system-health');
    const health = response.json();
    expect(health.services.map((service: { service: string }) => service.service)).toEqual([
      'database',
      'email',
      'payments',
      'liveEvents',
    ]);
    for (const service of health.services) expect(service, service.detail).toMatchObject({ status: 'operational' });
    expect(health.services[3].detail).toBe('PostgreSQL LISTEN/NOTIFY delivered a probe');
    // The findings in the reader's language.
    const inUrdu = await context.app.inject({
      method: 'GET',
      url: '/api/admin/system-health',
      headers: { cookie: admin.cookie, 'accept-language': 'ur' },
    });
    expect(inUrdu.json().services[3].detail).toBe('PostgreSQL LISTEN/NOTIFY نے جانچ کا پیغام پہنچا دیا');
    expect(health.services[0].latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.services[0].since).toBe(context.app.deps.startedAt.toISOString());
  });

  describe('Daily Chaska creation', () => {
    const valid = (vendorId: string) => ({
      vendorId,
      name: 'Karahi for two',
      rewardTitle: 'Chicken karahi',
      dealPrice: 299,
      originalPrice: 499,
      stock: 5,
      endsAt: new Date(context.clock.now().getTime() + 86_400_000).toISOString(),
    });

    it('creates an active daily_chaska card with one stamp required, and audits it', async () => {
      const admin = await signUpAdmin(context.app, context.database.db);
      const vendor = await createVendor(context.database.db, { businessName: 'Karahi House' });
      const response = await callAs(context.app, admin.cookie, 'POST', '/api/admin/daily-chaska', valid(vendor.id));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        cardType: 'daily_chaska',
        status: 'active',
        stampsRequired: 1,
        vendorName: 'Karahi House',
      });
      const [card] = await context.database.db
        .select()
        .from(loyaltyCards)
        .where(eq(loyaltyCards.id, response.json().id));
      expect(card).toMatchObject({ dealPrice: 299, originalPrice: 499, stockLeft: 5, rewardValue: 200 });
      const [entry] = await context.database.db.select().from(auditLog).where(eq(auditLog.targetId, card!.id));
      expect(entry).toMatchObject({ action: 'card.daily_chaska_create', actorEmail: admin.email, vendorId: vendor.id });
    });

    it('announces the deal to customers who opted in to Daily Chaska e-mails, and to nobody else', async () => {
      // Earlier tests' deals are announced first, before these customers exist.
      await runDueJobs(context.app);
      const admin = await signUpAdmin(context.app, context.database.db);
      const vendor = await createVendor(context.database.db, { businessName: 'Announce Tikka', city: 'Multan' });
      const fan = await signUpUser(context.app);
      const optedOut = await signUpUser(context.app);
      await context.database.db
        .update(emailPreferences)
        .set({ dailyChaska: false })
        .where(eq(emailPreferences.userId, optedOut.id));
      const response = await callAs(context.app, admin.cookie, 'POST', '/api/admin/daily-chaska', valid(vendor.id));
      expect(response.statusCode).toBe(201);
      const announcementsTo = async (to: string) =>
        (
          await context.database.db
            .select()
            .from(emailMessages)
            .where(and(eq(emailMessages.toEmail, to), eq(emailMessages.emailType, 'daily_chaska')))
        ).length;
      // The answer came before anyone was read or written to: the job runner announces it.
      expect(await announcementsTo(fan.email)).toBe(0);
      await runDueJobs(context.app);
      expect(await announcementsTo(fan.email)).toBe(1);
      const [message] = await context.database.db
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.toEmail, fan.email), eq(emailMessages.emailType, 'daily_chaska')));
      expect(message?.subject).toBe('Daily Chaska: Karahi for two at Announce Tikka');
      expect(message?.headers['List-Unsubscribe']).toContain('/unsubscribe?u=');
      expect(await announcementsTo(optedOut.email)).toBe(0);
      // The job is done and keyed by the deal: running the jobs again announces nothing twice.
      await runDueJobs(context.app);
      expect(await announcementsTo(fan.email)).toBe(1);
    });

    it('refuses bad input, unknown vendors and vendors that are not approved, creating nothing', async () => {
      const admin = await signUpAdmin(context.app, context.database.db);
      const vendor = await createVendor(context.database.db);
      const pending = await createVendor(context.database.db, { status: 'pending' });
      const post = (payload: Record<string, unknown>) =>
        context.app.inject({
          method: 'POST',
          url: '/api/admin/daily-chaska',
          headers: { cookie: admin.cookie },
          payload,
        });

      const dearer = await post({ ...valid(vendor.id), dealPrice: 600 });
      expect(dearer.statusCode).toBe(400);
      expect(dearer.json().error.fields.dealPrice).toBe('Deal price must be lower than the original price.');
      expect((await post({ ...valid(vendor.id), name: '  ' })).json().error.fields.name).toBe('Card name is required.');
      expect((await post({ ...valid(vendor.id), stock: 0 })).statusCode).toBe(400);
      const past = await post({ ...valid(vendor.id), endsAt: '2020-01-01T00:00:00Z' });
      expect(past.statusCode).toBe(400);
      expect(past.json().error.fields.endsAt).toBe('The deal must end in the future.');
      expect((await post(valid('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
      expect((await post(valid(pending.id))).statusCode).toBe(409);
      const cards = await context.database.db.select().from(loyaltyCards).where(eq(loyaltyCards.vendorId, vendor.id));
      expect(cards).toHaveLength(0);
    });
  });
});
