import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  emailMessages,
  fraudAlerts,
  jobs,
  loyaltyCards,
  rewards,
  stampDays,
  stampReversals,
  stamps,
  userCards,
  vendorMembers,
  vendors,
  vendorTotals,
} from '@server/db/schema';
import { runDueJobs } from '@server/background-jobs';
import { countStampsSince } from '@server/modules/billing/plan-usage';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { median, orderNeedsPin, staffHourStandsOut } from '@shared/stamps/fraud-rules';
import type { TierRule } from '@shared/cards/earn-rules';
import { tierAfterReversal } from '@server/modules/cards/card-tiers';
import { cardAfterReversal } from './fraud-alerts';

const SILVER_GOLD: TierRule = {
  basis: 'visits',
  levels: [
    { name: 'Silver', from: 2, multiplier: 1.25 },
    { name: 'Gold', from: 5, multiplier: 1.5 },
  ],
};
import { watchStaffHour } from './fraud-watch';
import { collectStamps, counterCodeFor, collectWith, customerCodeOf, setUpVendorWithCard } from './stamp-test-helpers';

describe('fraud rules: the rules', () => {
  it('takes reversed stamps off the card, withdrawing a reward its progress no longer reaches', () => {
    const card = { stampsRequired: 10, carriedStamps: 0 };
    expect(cardAfterReversal({ ...card, status: 'active', stampsCollected: 6 }, 4)).toEqual({
      stampsCollected: 2,
      carriedStamps: 0,
      status: 'active',
      withdrawReward: false,
    });
    expect(cardAfterReversal({ ...card, status: 'active', stampsCollected: 2 }, 5).stampsCollected).toBe(0);
    expect(cardAfterReversal({ ...card, status: 'completed', stampsCollected: 10 }, 1)).toEqual({
      stampsCollected: 9,
      carriedStamps: 0,
      status: 'active',
      withdrawReward: true,
    });
    // Stamps carried beyond the reward go first: the reward stays while the progress reaches it.
    expect(cardAfterReversal({ ...card, status: 'completed', stampsCollected: 10, carriedStamps: 3 }, 2)).toEqual({
      stampsCollected: 10,
      carriedStamps: 1,
      status: 'completed',
      withdrawReward: false,
    });
  });

  it('lowers a level at a reversal only where the level stood on the reversed stamps', () => {
    const held = { level: 2, count: 6, noticeAt: null };
    // Gold reached with the reversed visits and not without them: falls at once, to Silver.
    expect(tierAfterReversal(SILVER_GOLD, held, 6, 3)).toEqual({ level: 1, count: 3, noticeAt: null, fell: true });
    expect(tierAfterReversal(SILVER_GOLD, held, 6, 0)).toMatchObject({ level: 0, fell: true });
    // Still reached without them: the level stays, the count shown follows.
    expect(tierAfterReversal(SILVER_GOLD, held, 7, 5)).toEqual({ ...held, count: 5, fell: false });
    // Held only by its notice week (the count before did not reach it): the week goes on.
    const noticeAt = new Date('2026-03-01T05:00:00.000Z');
    expect(tierAfterReversal(SILVER_GOLD, { level: 2, count: 4, noticeAt }, 4, 1)).toEqual({
      level: 2,
      count: 1,
      noticeAt,
      fell: false,
    });
    // Never rises.
    expect(tierAfterReversal(SILVER_GOLD, { level: 0, count: 0, noticeAt: null }, 6, 5).level).toBe(0);
  });

  it('finds a staff member far above the median of the others, with enough stamps to matter', () => {
    expect(median([])).toBe(0);
    expect(median([4, 1, 3])).toBe(3);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(staffHourStandsOut(12, [2, 3])).toBe(true);
    expect(staffHourStandsOut(12, [4, 5])).toBe(false); // 12 is not above 3 × 4.5
    expect(staffHourStandsOut(9, [1])).toBe(false); // fewer than 10 stamps
    expect(staffHourStandsOut(40, [])).toBe(false); // nobody to compare with
  });

  it('asks for the PIN above the quantity, once a PIN is set', () => {
    expect(orderNeedsPin({ quantity: 6 }, { pinAboveQuantity: 5, pinSet: true })).toBe(true);
    expect(orderNeedsPin({ quantity: 5 }, { pinAboveQuantity: 5, pinSet: true })).toBe(false);
    expect(orderNeedsPin({ quantity: 10 }, { pinAboveQuantity: 5, pinSet: false })).toBe(false);
  });
});

describe('fraud rules: the API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function staffOf(vendorId: string, name = 'Sana'): Promise<SignedInUser> {
    const staff = await signUpUser(context.app, { name });
    await db().insert(vendorMembers).values({ vendorId, userId: staff.id, role: 'staff' });
    return staff;
  }

  function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) {
    return context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  /** A customer who collected `count` stamps on the setup's card today, at ten in the morning. */
  async function customerWithStamps(options: { stampsRequired: number; count: number }) {
    context.clock.moveToNextPakistanTime(10);
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: options.stampsRequired });
    const customer = await signUpUser(context.app, { name: 'Zara' });
    const last = await collectStamps(context.app, setup, customer.cookie, options.count);
    return { setup, customer, last };
  }

  async function onlyAlert(cookie: string) {
    const listed = await call('GET', '/api/vendor/fraud-alerts', cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().alerts).toHaveLength(1);
    return listed.json().alerts[0];
  }

  it('refuses a stamp above the card’s daily cap until the next Pakistan day', async () => {
    context.clock.moveToNextPakistanTime(10);
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 20 });
    await db().update(loyaltyCards).set({ dailyStampCap: 2 }).where(eq(loyaltyCards.id, setup.card.id));
    const customer = await signUpUser(context.app, { name: 'Zara' });
    await collectStamps(context.app, setup, customer.cookie, 2);
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const refused = await collectWith(context.app, customer.cookie, code.qrPayload);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'daily_stamp_cap',
      message: 'This card gives at most 2 stamps a day. You can collect your next stamp here tomorrow.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Staff read their own words, and nothing was written.
    const myCode = await customerCodeOf(context.app, customer.cookie);
    const byStaff = await call('POST', '/api/vendor/stamps', setup.owner.cookie, {
      customerCode: myCode.qrPayload,
      cardId: setup.card.id,
    });
    expect(byStaff.json().error.message).toMatch(/collected the 2 stamps .* gives in a day/);
    const [count] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(stamps)
      .where(eq(stamps.userId, customer.id));
    expect(count!.count).toBe(2);
    context.clock.moveToNextPakistanTime(0, 1);
    const tomorrow = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    expect((await collectWith(context.app, customer.cookie, tomorrow.qrPayload)).statusCode).toBe(200);
  });

  it('lets the owner tune the card’s daily cap, refusing a cap out of bounds by its field', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const staff = await staffOf(setup.vendor.id);
    const fields = (dailyStampCap: number) => ({
      name: 'Chai Card',
      cardType: 'free',
      stampsRequired: 10,
      rewardTitle: 'Free Chai',
      rewardValue: 100,
      minStampIntervalMinutes: 0,
      dailyStampCap,
    });
    const url = `/api/vendor/cards/${setup.card.id}`;
    expect((await call('GET', url, setup.owner.cookie)).json().dailyStampCap).toBe(20);
    const bad = await call('PUT', url, setup.owner.cookie, fields(0));
    expect([bad.statusCode, Object.keys(bad.json().error.fields)]).toEqual([400, ['dailyStampCap']]);
    expect((await call('PUT', url, staff.cookie, fields(4))).statusCode).toBe(403);
    const saved = await call('PUT', url, setup.owner.cookie, fields(4));
    expect([saved.statusCode, saved.json().dailyStampCap]).toEqual([200, 4]);
  });

  it('raises one alert when a customer passes 3 stamps a day at one shop, e-mailed to the owner', async () => {
    const { setup, customer } = await customerWithStamps({ stampsRequired: 20, count: 3 });
    expect((await call('GET', '/api/vendor/fraud-alerts', setup.owner.cookie)).json().alerts).toEqual([]);
    await collectStamps(context.app, setup, customer.cookie, 2);
    const alert = await onlyAlert(setup.owner.cookie);
    expect(alert).toMatchObject({ kind: 'customer_day', status: 'open', subjectName: 'Zara', outcome: null });
    expect(alert.stamps).toHaveLength(5);
    expect(alert.stamps[0]).toMatchObject({ cardName: setup.card.name, customerName: 'Zara', reversed: false });
    const emails = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'fraud.alert_email'), sql`${jobs.payload}->>'alertId' = ${alert.id}`));
    expect(emails).toHaveLength(1);
    await runDueJobs(context.app);
    const sent = await db().select().from(emailMessages).where(eq(emailMessages.userId, setup.owner.id));
    expect(sent.map((message) => [message.emailType, message.subject])).toContainEqual([
      'security',
      `Unusual stamps at ${setup.vendor.businessName}`,
    ]);
  });

  it('lets only the owner read, dismiss and reverse alerts; another vendor’s alert is not found', async () => {
    const { setup } = await customerWithStamps({ stampsRequired: 20, count: 4 });
    const alert = await onlyAlert(setup.owner.cookie);
    const staff = await staffOf(setup.vendor.id);
    expect((await call('GET', '/api/vendor/fraud-alerts', staff.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, staff.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/vendor/fraud-alerts/${alert.id}/dismiss`, staff.cookie)).statusCode).toBe(403);
    const other = await setUpVendorWithCard(context.app, db());
    const foreign = await call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, other.owner.cookie);
    expect(foreign.statusCode).toBe(404);
    const bad = await call('POST', '/api/vendor/fraud-alerts/not-an-id/dismiss', setup.owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('alertId');
    expect((await onlyAlert(setup.owner.cookie)).status).toBe('open');
    const dismissed = await call('POST', `/api/vendor/fraud-alerts/${alert.id}/dismiss`, setup.owner.cookie);
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', outcome: null });
    const late = await call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, setup.owner.cookie);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'alert_resolved']);
  });

  it('reverses the stamps as new rows: the card goes back, the unredeemed reward is withdrawn, counts stay exact', async () => {
    const { setup, customer, last } = await customerWithStamps({ stampsRequired: 4, count: 4 });
    expect(last.userCard.status).toBe('completed');
    const alert = await onlyAlert(setup.owner.cookie);
    const reversed = await call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, setup.owner.cookie);
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json()).toMatchObject({
      status: 'reversed',
      outcome: { reversedStamps: 4, rewardsWithdrawn: 1, redeemedKept: 0 },
    });
    expect(reversed.json().stamps.every((stamp: { reversed: boolean }) => stamp.reversed)).toBe(true);
    const [card] = await db().select().from(userCards).where(eq(userCards.id, last.userCard.id));
    expect(card).toMatchObject({ stampsCollected: 0, status: 'active', completedAt: null });
    const [reward] = await db().select().from(rewards).where(eq(rewards.id, last.reward.id));
    expect(reward!.status).toBe('withdrawn');
    // The customer's reward page and its code are gone with it.
    expect((await call('GET', `/api/rewards/${last.reward.id}`, customer.cookie)).statusCode).toBe(404);
    const code = await call('POST', `/api/rewards/${last.reward.id}/redemption-code`, customer.cookie);
    expect(code.statusCode).toBe(404);
    // Never a deletion: the four stamps stay, each with its reversal row.
    const kept = await db().select({ id: stamps.id }).from(stamps).where(eq(stamps.userId, customer.id));
    const rows = await db().select().from(stampReversals).where(eq(stampReversals.alertId, alert.id));
    expect([kept.length, rows.length]).toEqual([4, 4]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fraud_alert.reverse'), eq(auditLog.targetId, alert.id)));
    expect(audit!.metadata).toMatchObject({ rewardsWithdrawn: 1 });
    // The rollups still equal the rows they count (decision 048).
    const [days] = await db()
      .select({ stamps: sql<number>`coalesce(sum(${stampDays.stamps}), 0)::int` })
      .from(stampDays)
      .where(eq(stampDays.vendorId, setup.vendor.id));
    const [totals] = await db()
      .select({ stamps: sql<number>`coalesce(sum(${vendorTotals.stamps}), 0)::int` })
      .from(vendorTotals)
      .where(eq(vendorTotals.vendorId, setup.vendor.id));
    expect([days!.stamps, totals!.stamps]).toEqual([4, 4]);
    // The customer's card shows it: progress back to nothing, no reward waiting.
    const dashboard = await call('GET', '/api/customer/dashboard', customer.cookie);
    expect(dashboard.json().cards[0]).toMatchObject({
      stampsCollected: 0,
      status: 'active',
      rewardId: null,
      reversedStamps: 4,
      lastReversedAt: context.clock.now().toISOString(),
    });
    expect(dashboard.json().stats).toMatchObject({ totalStamps: 0, rewardsEarned: 0, valueSaved: 0 });
  });

  it('lowers a level that stood on the reversed stamps at once, in the reversal, without a notice', async () => {
    context.clock.moveToNextPakistanTime(10);
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 20 });
    await db().update(loyaltyCards).set({ tiers: SILVER_GOLD }).where(eq(loyaltyCards.id, setup.card.id));
    const customer = await signUpUser(context.app, { name: 'Zara' });
    const levelOf = async () => {
      const [card] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
      return { level: card!.tierLevel, count: card!.tierCount, noticeAt: card!.tierNoticeAt };
    };
    // Two visits yesterday (Silver on the second), four today (Gold on the fifth, and the day's alert).
    await collectStamps(context.app, setup, customer.cookie, 2);
    expect(await levelOf()).toMatchObject({ level: 1, count: 2 });
    context.clock.advance(86_400_000);
    await collectStamps(context.app, setup, customer.cookie, 4);
    expect(await levelOf()).toMatchObject({ level: 2, count: 6 });
    const alert = await onlyAlert(setup.owner.cookie);
    const reversed = await call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, setup.owner.cookie);
    expect(reversed.json().outcome).toMatchObject({ reversedStamps: 4 });
    // Gold stood on today's four visits: gone at once, back to Silver, which yesterday's two still reach.
    expect(await levelOf()).toEqual({ level: 1, count: 2, noticeAt: null });
    const dashboard = await call('GET', '/api/customer/dashboard', customer.cookie);
    expect(dashboard.json().cards[0].tier).toEqual({ rule: SILVER_GOLD, level: 1, count: 2 });
    // No downgrade notice: the shop took back stamps that were never earned.
    const notices = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'push.send'), sql`${jobs.payload}->'notice'->>'type' = 'tier_downgrade'`));
    expect(notices).toEqual([]);
  });

  it('withdraws an earlier milestone’s unredeemed reward that the progress falls below, keeping one it still reaches', async () => {
    context.clock.moveToNextPakistanTime(10);
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 10 });
    await db()
      .update(loyaltyCards)
      .set({
        milestones: [
          { at: 1, rewardTitle: 'Free water', rewardValue: 0 },
          { at: 3, rewardTitle: 'Free chai', rewardValue: 100 },
        ],
      })
      .where(eq(loyaltyCards.id, setup.card.id));
    const customer = await signUpUser(context.app, { name: 'Zara' });
    // One stamp yesterday (the water at 1), four today (the chai at 3, and the day's alert).
    await collectStamps(context.app, setup, customer.cookie, 1);
    context.clock.advance(86_400_000);
    await collectStamps(context.app, setup, customer.cookie, 4);
    const alert = await onlyAlert(setup.owner.cookie);
    const reversed = await call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, setup.owner.cookie);
    expect(reversed.json().outcome).toMatchObject({ reversedStamps: 4, rewardsWithdrawn: 1 });
    const earned = await db().select().from(rewards).where(eq(rewards.userId, customer.id));
    expect(earned.map((reward) => [reward.rewardTitle, reward.status]).sort()).toEqual([
      ['Free chai', 'withdrawn'],
      ['Free water', 'earned'],
    ]);
    const [card] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
    expect(card!.stampsCollected).toBe(1);
    // The plan's count gives the reversed stamps back (decision 087): 5 given, 4 reversed.
    expect(await countStampsSince(db(), setup.vendor.id, new Date(0))).toBe(1);
  });

  it('keeps a reward already redeemed, and says so', async () => {
    const { setup, customer, last } = await customerWithStamps({ stampsRequired: 4, count: 4 });
    // The reward was redeemed and the card started over with two stamps of the next round.
    await db()
      .update(rewards)
      .set({ status: 'redeemed', redeemedAt: context.clock.now() })
      .where(eq(rewards.id, last.reward.id));
    await db()
      .update(userCards)
      .set({ status: 'active', stampsCollected: 0, completedAt: null, startedAt: context.clock.now() })
      .where(eq(userCards.id, last.userCard.id));
    context.clock.advance(60_000);
    await collectStamps(context.app, setup, customer.cookie, 2);
    const alert = await onlyAlert(setup.owner.cookie);
    const reversed = await call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, setup.owner.cookie);
    expect(reversed.json().outcome).toEqual({ reversedStamps: 6, rewardsWithdrawn: 0, redeemedKept: 1 });
    const [card] = await db().select().from(userCards).where(eq(userCards.id, last.userCard.id));
    expect(card!.stampsCollected).toBe(0);
    const [reward] = await db().select().from(rewards).where(eq(rewards.id, last.reward.id));
    expect(reward!.status).toBe('redeemed');
  });

  it('reverses once when two reversals of one alert arrive together', async () => {
    const { setup, last } = await customerWithStamps({ stampsRequired: 10, count: 5 });
    const alert = await onlyAlert(setup.owner.cookie);
    const both = await Promise.all([
      call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, setup.owner.cookie),
      call('POST', `/api/vendor/fraud-alerts/${alert.id}/reverse`, setup.owner.cookie),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [card] = await db().select().from(userCards).where(eq(userCards.id, last.userCard.id));
    expect(card!.stampsCollected).toBe(0);
    const rows = await db().select().from(stampReversals).where(eq(stampReversals.userCardId, last.userCard.id));
    expect(rows).toHaveLength(5);
  });

  it('asks staff for the shop’s PIN above the owner’s quantity and locks them after three wrong ones', async () => {
    context.clock.moveToNextPakistanTime(10);
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 50 });
    await db().update(vendors).set({ maxStampsPerVisit: 6 }).where(eq(vendors.id, setup.vendor.id));
    const staff = await staffOf(setup.vendor.id);
    const customer = await signUpUser(context.app, { name: 'Zara' });
    // Tuning is the owner's; bad input names its field and changes nothing.
    expect((await call('PUT', '/api/vendor/fraud-rules', staff.cookie, { pinAboveQuantity: 2 })).statusCode).toBe(403);
    const bad = await call('PUT', '/api/vendor/fraud-rules', setup.owner.cookie, { pinAboveQuantity: 0, pin: '12' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['pin', 'pinAboveQuantity']);
    expect((await call('GET', '/api/vendor/fraud-rules', setup.owner.cookie)).json()).toEqual({
      pinAboveQuantity: 5,
      pinSet: false,
      maxStampsPerVisit: 6,
    });
    const set = await call('PUT', '/api/vendor/fraud-rules', setup.owner.cookie, { pinAboveQuantity: 2, pin: '4321' });
    expect(set.json()).toEqual({ pinAboveQuantity: 2, pinSet: true, maxStampsPerVisit: 6 });
    const [row] = await db()
      .select({ hash: vendors.largeOrderPinHash })
      .from(vendors)
      .where(eq(vendors.id, setup.vendor.id));
    expect(row!.hash).not.toContain('4321');

    const order = async (quantity: number, pin?: string) => {
      const code = await customerCodeOf(context.app, customer.cookie);
      return call('POST', '/api/vendor/stamps', staff.cookie, {
        customerCode: code.qrPayload,
        cardId: setup.card.id,
        quantity,
        ...(pin ? { pin } : {}),
      });
    };
    expect((await order(2)).statusCode).toBe(200);
    const asked = await order(3);
    expect([asked.statusCode, asked.json().error.code]).toEqual([400, 'large_order_pin_required']);
    expect(asked.json().error.fields.pin).toBe('Orders of more than 2 stamps need the shop’s PIN.');
    expect((await order(3, '1111')).json().error.code).toBe('large_order_pin_wrong');
    expect((await order(3, '2222')).json().error.code).toBe('large_order_pin_wrong');
    const lockedOut = await order(3, '3333');
    expect([lockedOut.statusCode, lockedOut.json().error.code]).toEqual([429, 'large_order_locked']);
    expect(lockedOut.headers['retry-after']).toBe('900');
    // Locked: even the right PIN waits, while small orders go on, and the owner is not locked.
    context.clock.advance(14 * 60_000);
    expect((await order(3, '4321')).json().error.code).toBe('large_order_locked');
    expect((await order(1)).statusCode).toBe(200);
    context.clock.advance(61_000);
    const right = await order(3, '4321');
    expect(right.statusCode).toBe(200);
    // A counter code has nobody to type the PIN: above the quantity it is refused, naming it.
    const counter = await call('POST', `/api/vendor/cards/${setup.card.id}/counter-code?quantity=3`, staff.cookie);
    expect([counter.statusCode, Object.keys(counter.json().error.fields)]).toEqual([400, ['quantity']]);
  });

  it('raises an alert for a staff member whose hour stands far above the others’', async () => {
    context.clock.moveToNextPakistanTime(11);
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 50 });
    const busy = await staffOf(setup.vendor.id, 'Bilal');
    const calm = await staffOf(setup.vendor.id, 'Hina');
    const customer = await signUpUser(context.app, { name: 'Zara' });
    const [userCard] = await db()
      .insert(userCards)
      .values({ userId: customer.id, cardId: setup.card.id })
      .returning({ id: userCards.id });
    const from = context.clock.now();
    const given = (by: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        userCardId: userCard!.id,
        vendorId: setup.vendor.id,
        cardId: setup.card.id,
        userId: customer.id,
        qrCode: `test:${by}:${index}`,
        createdBy: by,
        issuedAt: new Date(from.getTime() + index * 60_000),
      }));
    await db()
      .insert(stamps)
      .values([...given(busy.id, 12), ...given(calm.id, 2), ...given(setup.owner.id, 3)]);
    expect(await watchStaffHour(db(), from, context.clock.now())).toBe(1);
    // Run again (a retried job): the same alert, once.
    await watchStaffHour(db(), from, context.clock.now());
    const alerts = await db().select().from(fraudAlerts).where(eq(fraudAlerts.vendorId, setup.vendor.id));
    expect(alerts.map((alert) => [alert.kind, alert.subjectUserId])).toEqual([['staff_hour', busy.id]]);
    const listed = await onlyAlert(setup.owner.cookie);
    expect(listed).toMatchObject({ subjectName: 'Bilal' });
    expect(listed.stamps).toHaveLength(12);
    expect(listed.stamps[0].staffName).toBe('Bilal');
  });
});
