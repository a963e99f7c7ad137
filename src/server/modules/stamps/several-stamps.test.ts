import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, stamps, userCards, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { decodeCode, encodeCode, stampCodeKey } from './stamp-codes';
import { splitOrder } from './stamp-rules';
import type { Milestone } from '@shared/cards/earn-rules';

/** A plain card's one reward at `stampsRequired`. */
function lastOnly(stampsRequired: number): Milestone[] {
  return [{ at: stampsRequired, rewardTitle: 'Free chai', rewardValue: 100 }];
}
import {
  collectStamps,
  collectWith,
  prefillMonthlyStamps,
  redeemAtCounter,
  setUpVendorWithCard,
  type VendorSetup,
} from './stamp-test-helpers';

describe('an order of several stamps: the rule', () => {
  it('puts the stamps up to the reward on this round and carries the rest to the next', () => {
    expect(splitOrder({ stampsCollected: 2, milestones: lastOnly(10), quantity: 4 })).toEqual({
      stampsCollected: 6,
      carried: 0,
      reached: [],
      completes: false,
      most: 17,
    });
    expect(splitOrder({ stampsCollected: 8, milestones: lastOnly(10), quantity: 4 })).toEqual({
      stampsCollected: 10,
      carried: 2,
      reached: lastOnly(10),
      completes: true,
      most: 11,
    });
    // One stamp is what a visit always was.
    expect(splitOrder({ stampsCollected: 9, milestones: lastOnly(10), quantity: 1 })).toMatchObject({
      stampsCollected: 10,
      carried: 0,
      completes: true,
    });
    // A one-stamp card earns one reward at a time: its order is one stamp.
    expect(splitOrder({ stampsCollected: 0, milestones: lastOnly(1), quantity: 1 }).most).toBe(1);
  });

  it('binds the quantity into the counter code’s signature', () => {
    const key = stampCodeKey('a-test-secret-of-enough-length-for-the-key');
    const now = new Date('2026-03-11T07:00:00.000Z');
    const claims = {
      kind: 'counter' as const,
      cardId: '6f1c1d0e-5c38-4a55-9a1c-0a6c1f2b7e11',
      vendorId: '0b5e2b1c-7d2a-4f0e-8c3b-1e9d6a4c2f10',
      codeId: 'abcdefghijklmnop',
      issuedAt: now,
    };
    const several = encodeCode(key, { ...claims, quantity: 4 });
    expect(decodeCode(key, several, now)).toEqual({ ok: true, claims: { ...claims, quantity: 4 } });
    // One stamp writes no quantity: the codes printed and scanned before stay as they were.
    const one = encodeCode(key, claims);
    expect(one.split('.')).toHaveLength(7);
    expect(decodeCode(key, one, now)).toEqual({ ok: true, claims });
    // Changing the number breaks the signature.
    const parts = several.split('.');
    parts[6] = '9';
    expect(decodeCode(key, parts.join('.'), now)).toEqual({ ok: false, reason: 'forged' });
  });
});

describe('an order of several stamps at the counter', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function allowing(setup: VendorSetup, maxStampsPerVisit: number) {
    await db().update(vendors).set({ maxStampsPerVisit }).where(eq(vendors.id, setup.vendor.id));
  }

  function counterCode(setup: VendorSetup, quantity?: number) {
    return context.app.inject({
      method: 'POST',
      url: `/api/vendor/cards/${setup.card.id}/counter-code${quantity === undefined ? '' : `?quantity=${quantity}`}`,
      headers: { cookie: setup.owner.cookie },
    });
  }

  async function customerCode(cookie: string): Promise<string> {
    const response = await context.app.inject({ method: 'POST', url: '/api/stamps/my-code', headers: { cookie } });
    return response.json().qrPayload as string;
  }

  function give(setup: VendorSetup, customerCookie: string, quantity: unknown) {
    return customerCode(customerCookie).then((code) =>
      context.app.inject({
        method: 'POST',
        url: '/api/vendor/stamps',
        headers: { cookie: setup.owner.cookie },
        payload: { customerCode: code, cardId: setup.card.id, quantity },
      }),
    );
  }

  async function stampRowsOf(setup: VendorSetup) {
    return db().select().from(stamps).where(eq(stamps.cardId, setup.card.id));
  }

  it('is one stamp a visit until the owner allows several: refused naming quantity, nothing changes', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await signUpUser(context.app);
    const code = await counterCode(setup, 2);
    expect(code.statusCode).toBe(400);
    expect(code.json().error).toMatchObject({ code: 'quantity_not_allowed', fields: { quantity: expect.any(String) } });
    const given = await give(setup, customer.cookie, 2);
    expect(given.statusCode).toBe(400);
    expect(given.json().error.fields.quantity).toBe(
      'This shop gives one stamp per visit. The owner can allow several stamps per order in the shop profile.',
    );
    expect(await stampRowsOf(setup)).toHaveLength(0);
  });

  it('gives the customer the counter code’s four stamps in one visit, told as such everywhere', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 10, minStampIntervalMinutes: 60 });
    await allowing(setup, 6);
    const customer = await signUpUser(context.app, { name: 'Bilal' });
    const code = await counterCode(setup, 4);
    expect(code.json()).toMatchObject({ quantity: 4, maxStampsPerVisit: 6 });

    const collected = await collectWith(context.app, customer.cookie, code.json().code.qrPayload);
    expect(collected.statusCode).toBe(200);
    expect(collected.json()).toMatchObject({
      quantity: 4,
      carriedStamps: 0,
      message: '4 stamps collected!',
      userCard: { stampsCollected: 4, stampsRequired: 10, status: 'active' },
    });
    const rows = await stampRowsOf(setup);
    expect(rows.map((row) => row.kind).sort()).toEqual(['same_visit', 'same_visit', 'same_visit', 'visit']);
    expect(rows.find((row) => row.kind === 'visit')!.visitStamps).toBe(4);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.vendorId, setup.vendor.id), eq(auditLog.action, 'stamp.collect')));
    expect(audit!.metadata).toMatchObject({ quantity: 4, stampsCollected: 4 });
    const dashboard = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/dashboard',
      headers: { cookie: setup.owner.cookie },
    });
    expect(JSON.stringify(dashboard.json())).toContain('collected 4 stamps on');

    // The interval counts the order as one visit: the next stamp waits an hour from it.
    const soon = await give(setup, customer.cookie, 1);
    expect(soon.statusCode).toBe(409);
    expect(soon.json().error.code).toBe('stamp_too_soon');
    context.clock.advance(61 * 60_000);
    expect((await give(setup, customer.cookie, 1)).json().userCard.stampsCollected).toBe(5);
  });

  it('refuses a quantity above the vendor’s maximum, or no whole number, naming the field', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    await allowing(setup, 3);
    const customer = await signUpUser(context.app);
    for (const quantity of [4, 11, 0, 2.5, 'four']) {
      const given = await give(setup, customer.cookie, quantity);
      expect(given.statusCode, String(quantity)).toBe(400);
      expect(given.json().error.fields.quantity, String(quantity)).toBeDefined();
      expect((await counterCode(setup, quantity as number)).statusCode, String(quantity)).toBe(400);
    }
    expect((await give(setup, customer.cookie, 4)).json().error.message).toBe(
      'This shop gives at most 3 stamps for one order. Choose 3 or fewer.',
    );
    expect(await stampRowsOf(setup)).toHaveLength(0);
  });

  it('refuses a code whose quantity the owner lowered since, and a code with a changed quantity', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    await allowing(setup, 5);
    const customer = await signUpUser(context.app);
    const code = (await counterCode(setup, 5)).json().code.qrPayload as string;
    // The quantity sits before the branch (a one-shop business's codes name its only branch) and the signature.
    const forged = code.replace(/\.5((?:\.b[^.]+)?)\.([^.]+)$/, '.9$1.$2');
    expect(forged).not.toBe(code);
    expect((await collectWith(context.app, customer.cookie, forged)).json().error.code).toBe('invalid_code');
    await allowing(setup, 2);
    const lowered = await collectWith(context.app, customer.cookie, code);
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().error.fields.quantity).toBe(
      'This code gives more stamps than the shop now allows for one order. Ask the staff for a new code.',
    );
    expect(await stampRowsOf(setup)).toHaveLength(0);
  });

  it('earns the reward where the order completes the card and starts the next round with the rest', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 5 });
    await allowing(setup, 10);
    const customer = await signUpUser(context.app, { name: 'Zara' });
    await collectStamps(context.app, setup, customer.cookie, 3);

    // 2 stamps to the reward, and a next round short of one (4): at most 6.
    const tooMany = await give(setup, customer.cookie, 7);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ code: 'order_too_large', fields: { quantity: expect.any(String) } });

    const given = await give(setup, customer.cookie, 4);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({
      quantity: 4,
      carriedStamps: 2,
      reward: { rewardTitle: expect.any(String) },
      userCard: { stampsCollected: 5, status: 'completed' },
    });
    expect(await stampRowsOf(setup)).toHaveLength(7);

    const rewardId = given.json().reward.id as string;
    const redeemed = await redeemAtCounter(context.app, customer.cookie, setup.owner.cookie, rewardId);
    expect(redeemed.statusCode).toBe(200);
    const [card] = await db().select().from(userCards).where(eq(userCards.id, given.json().userCard.id));
    expect(card).toMatchObject({ stampsCollected: 2, carriedStamps: 0, status: 'active' });
  });

  it('counts every stamp against the plan: an order the month has room for in full, or none of it', async () => {
    // Midday in Pakistan, so the prefilled stamps and the order fall in one month.
    context.clock.set('2026-03-11T07:00:00.000Z');
    const setup = await setUpVendorWithCard(context.app, db(), { plan: 'starter', stampsRequired: 20 });
    await allowing(setup, 5);
    const customer = await signUpUser(context.app);
    await prefillMonthlyStamps(context.app, db(), setup, 497, context.clock.now());

    const four = await give(setup, customer.cookie, 4);
    expect(four.statusCode).toBe(409);
    expect(four.json().error).toMatchObject({
      code: 'stamp_limit_reached',
      message:
        "Only 3 stamps are left of this month's plan limit of 500, so this order of 4 stamps was not given. Give 3 or fewer, or upgrade the plan.",
      fields: { quantity: expect.any(String) },
    });
    expect(await stampRowsOf(setup)).toHaveLength(497);

    const three = await give(setup, customer.cookie, 3);
    expect(three.statusCode).toBe(200);
    expect(await stampRowsOf(setup)).toHaveLength(500);
    const more = await give(setup, customer.cookie, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe('Monthly stamp limit reached. Maximum 500 stamps per month.');
  });

  it('gives an order by phone number as one visit of the daily cap', async () => {
    context.clock.set('2026-03-11T07:00:00.000Z');
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 20 });
    await db().update(vendors).set({ stampByPhone: true, maxStampsPerVisit: 4 }).where(eq(vendors.id, setup.vendor.id));
    const typed = '0313 4455667';
    await context.app.inject({ method: 'POST', url: '/api/accounts/phone/code', payload: { phoneNumber: typed } });
    const sent = context.texts.sent.at(-1)!;
    await context.app.inject({
      method: 'POST',
      url: '/api/accounts/phone/sign-in',
      payload: { phoneNumber: typed, code: sent.code },
    });
    const byPhone = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/vendor/stamps/by-phone',
        headers: { cookie: setup.owner.cookie },
        payload: { phoneNumber: typed, cardId: setup.card.id, quantity: 4 },
      });
    for (let visit = 1; visit <= 3; visit += 1) {
      const given = await byPhone();
      expect(given.statusCode).toBe(200);
      expect(given.json().userCard.stampsCollected).toBe(visit * 4);
      context.clock.advance(61_000);
    }
    expect((await byPhone()).json().error.code).toBe('phone_stamp_cap');
  });
});
