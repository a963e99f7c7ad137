import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runDueJobs } from '@server/background-jobs';
import {
  automationSends,
  campaignRecipients,
  emailMessages,
  jobs,
  stamps,
  textMessages,
  userCards,
  vendors,
} from '@server/db/schema';
import { rows } from '@server/db/sql-rows';
import { enqueueJob, newJob } from '@server/lib/job-queue';
import { useTestApp } from '@server/test/build-test-app';
import { createCard } from '@server/test/factories';
import { callAs, recordStamps, vendorOwner, vendorStaff } from '@server/modules/vendors/vendor-test-helpers';
import { TEXT_NOTICE_JOB } from '@server/modules/notifications/text-notice-job';
import { createCampaign, EID_CAMPAIGN } from './campaign-test-helpers';
import { AUTOMATION_EVENT_JOB } from './automation-events';

const DAY = 86_400_000;

/**
 * Hold-out groups and lift (decision 083): who is held back gets nothing on any channel; the lift
 * compares their return with the others' and says nothing while the groups are small.
 */
describe('hold-out groups and lift', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  /**
   * `count` customers holding the card since `joinedAt`, as sign-up writes them (account, profile,
   * default preferences) with a verified mobile and vendor updates asked for by SMS too: plain
   * inserts, as a hundred sign-ups through the API would take a minute.
   */
  async function customers(cardId: string, count: number, joinedAt: Date): Promise<string[]> {
    const prefix = `ho-${randomUUID().slice(0, 8)}`;
    const people = await rows<{ id: string }>(
      db(),
      sql`with people as (
            select ${prefix} || '-' || g as id, '+92335' || lpad((${Math.floor(Math.random() * 9000)} * 1000 + g)::text, 7, '0') as phone
            from generate_series(1, ${count}) g
          ),
          accounts as (
            insert into auth_user (id, name, email, email_verified, phone_number, phone_number_verified)
            select id, 'Guest', id || '@example.com', true, phone, true from people returning id
          ),
          profiles as (
            insert into users (id, email, name, verified) select id, id || '@example.com', 'Guest', true from accounts returning id
          )
          insert into email_preferences (user_id, sms_vendor_updates) select id, true from profiles returning user_id as id`,
    );
    const ids = people.map((person) => person.id);
    await db()
      .insert(userCards)
      .values(ids.map((userId) => ({ userId, cardId, createdAt: joinedAt, startedAt: joinedAt })));
    return ids;
  }

  async function visit(vendorId: string, cardId: string, userIds: string[], at: Date) {
    for (const userId of userIds) await recordStamps(db(), { vendorId, cardId, userId, times: [at] });
  }

  async function shop(count: number) {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'premium');
    const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 10 });
    const people = await customers(card.id, count, new Date(context.clock.now().getTime() - 40 * DAY));
    return { owner, vendor, card, people };
  }

  const send = async (cookie: string, body: object) => {
    const created = await createCampaign(context.app, cookie, body);
    await runDueJobs(context.app);
    return created;
  };

  const figuresOf = async (cookie: string, id: string) =>
    (await callAs(context.app, cookie, 'GET', '/api/vendor/campaigns'))
      .json()
      .campaigns.find((campaign: { id: string }) => campaign.id === id).figures;

  it('holds back the share at random, sends them nothing on any channel, and measures the lift', async () => {
    const { owner, vendor, card, people } = await shop(100);
    const sentAt = context.clock.now();
    const campaign = await send(owner.cookie, { holdOutPercent: 40 });
    expect(campaign.holdOutPercent).toBe(40);

    const recipients = await db()
      .select({ id: campaignRecipients.id, userId: campaignRecipients.userId, status: campaignRecipients.status })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign.id));
    const held = recipients.filter((recipient) => recipient.status === 'held_out');
    const received = recipients.filter((recipient) => recipient.status !== 'held_out');
    expect([held.length, received.length]).toEqual([40, 60]);
    expect(received.every((recipient) => recipient.status === 'sent')).toBe(true);
    // Drawn, not the first or last by id.
    const byId = [...people].sort();
    const heldIds = new Set(held.map((recipient) => recipient.userId));
    expect(byId.slice(0, 40).every((id) => heldIds.has(id))).toBe(false);
    expect(byId.slice(60).every((id) => heldIds.has(id))).toBe(false);

    // Nothing to the held back: no e-mail, no text message, no job naming them (push, WhatsApp, SMS).
    const heldEmails = held.map((recipient) => `${recipient.userId}@example.com`);
    expect(await db().select().from(emailMessages).where(inArray(emailMessages.toEmail, heldEmails))).toEqual([]);
    const texts = await db()
      .select({ userId: textMessages.userId })
      .from(textMessages)
      .where(eq(textMessages.vendorId, vendor.id));
    // By day the texts went; at night they wait in their jobs for the morning (decision 081).
    const textJobs = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, TEXT_NOTICE_JOB.name));
    const byPhone = [
      ...texts.map((text) => text.userId),
      ...textJobs.map((job) => (job.payload as { userId: string }).userId),
    ];
    expect(byPhone.length).toBeGreaterThan(0);
    expect(byPhone.some((userId) => heldIds.has(userId!))).toBe(false);
    const payloads = (await db().select({ payload: jobs.payload }).from(jobs)).map((job) =>
      JSON.stringify(job.payload),
    );
    for (const recipient of held) {
      const named = [`"${recipient.userId}"`, recipient.id];
      expect(payloads.some((payload) => named.some((name) => payload.includes(name)))).toBe(false);
    }

    // Within 14 days 30 of the 60 come back (5 of them twice) against 8 of the 40; by 30 days 10
    // and 4 more. A visit after 30 days and a bonus stamp are no returns.
    const receivedIds = received.map((recipient) => recipient.userId);
    const heldBack = held.map((recipient) => recipient.userId);
    const at = (days: number) => new Date(sentAt.getTime() + days * DAY);
    await visit(vendor.id, card.id, receivedIds.slice(0, 30), at(3));
    await visit(vendor.id, card.id, receivedIds.slice(0, 5), at(6));
    await visit(vendor.id, card.id, receivedIds.slice(30, 40), at(20));
    await visit(vendor.id, card.id, heldBack.slice(0, 8), at(5));
    await visit(vendor.id, card.id, heldBack.slice(8, 12), at(25));
    await visit(vendor.id, card.id, heldBack.slice(12, 20), at(31));
    const [holding] = await db()
      .select({ id: userCards.id })
      .from(userCards)
      .where(eq(userCards.userId, heldBack[30]!));
    await db()
      .insert(stamps)
      .values({
        userCardId: holding!.id,
        vendorId: vendor.id,
        cardId: card.id,
        userId: heldBack[30]!,
        kind: 'automation_bonus',
        qrCode: 'bonus',
        issuedAt: at(2),
        createdAt: at(2),
      });

    // Ten days on the windows are still open.
    context.clock.set(at(10));
    const early = (await figuresOf(owner.cookie, campaign.id)).lift;
    expect(early.windows.map((window: { complete: boolean }) => window.complete)).toEqual([false, false]);

    context.clock.set(at(32));
    const saved = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/analytics/average-spend', {
      averageSpendRupees: 400,
    });
    expect([saved.statusCode, saved.json()]).toEqual([200, { averageSpendRupees: 400 }]);
    const figures = await figuresOf(owner.cookie, campaign.id);
    expect([figures.recipients, figures.heldOut, figures.sent]).toEqual([60, 40, 60]);
    // The intervals as computed by hand (Newcombe's method 10), in points.
    expect(figures.lift).toEqual({
      percent: 40,
      received: 60,
      heldOut: 40,
      enough: true,
      windows: [
        {
          days: 14,
          complete: true,
          receivedReturned: 30,
          heldOutReturned: 8,
          receivedRate: 50,
          heldOutRate: 20,
          lift: { points: 30, lower: 10.8, upper: 45.5 },
        },
        {
          days: 30,
          complete: true,
          receivedReturned: 40,
          heldOutReturned: 12,
          receivedRate: 66.7,
          heldOutRate: 30,
          lift: { points: 36.7, lower: 16.7, upper: 52.6 },
        },
      ],
      // 45 visits among 60 against 12 among 40: (0.75 − 0.3) × 60 = 27 extra visits, at Rs 400 each.
      extraVisits: 27,
      estimatedRupees: 10_800,
    });
  });

  it('says "not enough customers yet" while a group is under 30, and holds back nobody without a share', async () => {
    const { owner } = await shop(40);
    const small = await send(owner.cookie, { holdOutPercent: 50 });
    const figures = await figuresOf(owner.cookie, small.id);
    expect([figures.recipients, figures.heldOut]).toEqual([20, 20]);
    expect(figures.lift).toMatchObject({ enough: false, extraVisits: null, estimatedRupees: null });
    expect(figures.lift.windows.map((window: { lift: unknown }) => window.lift)).toEqual([null, null]);
    // The next Pakistan day (one campaign per customer a day), without a share: everyone gets it, no lift.
    context.clock.advance(DAY);
    const plain = await send(owner.cookie, {});
    const plainFigures = await figuresOf(owner.cookie, plain.id);
    expect([plainFigures.recipients, plainFigures.heldOut, plainFigures.sent, plainFigures.lift]).toEqual([
      40,
      0,
      40,
      null,
    ]);
  });

  it('refuses a share outside 0 to 50 percent and a bad average spend, naming the field, writing nothing', async () => {
    const { owner, vendor } = await shop(1);
    for (const holdOutPercent of [-1, 51, 10.5, '10', null]) {
      const response = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/campaigns', {
        ...EID_CAMPAIGN,
        holdOutPercent,
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['holdOutPercent']);
    }
    const automation = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/automations/welcome', {
      enabled: true,
      subject: 'Welcome',
      body: 'Hi {name}.',
      holdOutPercent: 60,
    });
    expect([automation.statusCode, Object.keys(automation.json().error.fields)]).toEqual([400, ['holdOutPercent']]);
    for (const averageSpendRupees of [0, -5, 100_001, 12.5, 'lots']) {
      const response = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/analytics/average-spend', {
        averageSpendRupees,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.averageSpendRupees).toMatch(/^Average spend per visit must be/);
    }
    const [row] = await db()
      .select({ spend: vendors.averageSpendRupees })
      .from(vendors)
      .where(eq(vendors.id, vendor.id));
    expect(row!.spend).toBeNull();
    expect(await db().select().from(campaignRecipients).where(eq(campaignRecipients.vendorId, vendor.id))).toEqual([]);
  });

  it('lets only the owner state the average spend, and forgets it on null', async () => {
    const { owner, vendor } = await shop(1);
    const staff = await vendorStaff(context.app, db(), vendor.id);
    const byStaff = await callAs(context.app, staff.cookie, 'PUT', '/api/vendor/analytics/average-spend', {
      averageSpendRupees: 300,
    });
    expect(byStaff.statusCode).toBe(403);
    const set = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/analytics/average-spend', {
      averageSpendRupees: 100_000,
    });
    expect(set.statusCode).toBe(200);
    expect((await callAs(context.app, owner.cookie, 'GET', '/api/vendor/campaigns')).json().averageSpendRupees).toBe(
      100_000,
    );
    const cleared = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/analytics/average-spend', {
      averageSpendRupees: null,
    });
    expect([cleared.statusCode, cleared.json()]).toEqual([200, { averageSpendRupees: null }]);
  });

  it("holds back an automation's share of sends: recorded, nothing sent, no bonus stamp, and its lift", async () => {
    const { owner, vendor, card, people } = await shop(80);
    const saved = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/automations/welcome', {
      enabled: true,
      subject: 'Welcome to {vendor}',
      body: 'Hi {name}.',
      bonusStamp: true,
      holdOutPercent: 50,
    });
    expect([saved.statusCode, saved.json().holdOutPercent]).toEqual([200, 50]);
    const holdings = await db()
      .select({ id: userCards.id, userId: userCards.userId })
      .from(userCards)
      .where(eq(userCards.cardId, card.id));
    for (const holding of holdings)
      await enqueueJob(
        db(),
        newJob(
          AUTOMATION_EVENT_JOB,
          { kind: 'welcome', vendorId: vendor.id, userId: holding.userId, cardId: card.id, userCardId: holding.id },
          { runAt: context.clock.now() },
        ),
      );
    await runDueJobs(context.app);
    const sends = await db()
      .select({
        userId: automationSends.userId,
        message: automationSends.messageOutcome,
        bonus: automationSends.bonusOutcome,
        percent: automationSends.holdOutPercent,
      })
      .from(automationSends)
      .where(eq(automationSends.vendorId, vendor.id));
    expect(sends).toHaveLength(80);
    const held = sends.filter((each) => each.message === 'held_out');
    // Near half, by the key's hash; the same every run.
    expect(held.length).toBeGreaterThan(25);
    expect(held.length).toBeLessThan(55);
    expect(held.every((each) => each.bonus === 'none' && each.percent === 50)).toBe(true);
    expect(sends.filter((each) => each.message !== 'held_out').every((each) => each.bonus === 'given')).toBe(true);
    const heldEmails = held.map((each) => `${each.userId}@example.com`);
    expect(await db().select().from(emailMessages).where(inArray(emailMessages.toEmail, heldEmails))).toEqual([]);
    const bonusStamps = await db()
      .select({ userId: stamps.userId })
      .from(stamps)
      .where(and(eq(stamps.vendorId, vendor.id), eq(stamps.kind, 'automation_bonus')));
    expect(bonusStamps).toHaveLength(80 - held.length);
    // Half of every customer comes back within 14 days.
    await visit(
      vendor.id,
      card.id,
      people.filter((_, index) => index % 2 === 0),
      new Date(context.clock.now().getTime() + 3 * DAY),
    );
    context.clock.advance(31 * DAY);
    const welcome = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/automations'))
      .json()
      .automations.find((each: { kind: string }) => each.kind === 'welcome');
    expect(welcome.holdOutPercent).toBe(50);
    expect(welcome.lift).toMatchObject({ percent: 50, received: 80 - held.length, heldOut: held.length });
    const returnedHeld = held.filter((each) => people.indexOf(each.userId) % 2 === 0).length;
    expect(welcome.lift.windows[0]).toMatchObject({ days: 14, complete: true, heldOutReturned: returnedHeld });
    expect(welcome.lift.windows[0].receivedReturned).toBe(40 - returnedHeld);
  });
});
