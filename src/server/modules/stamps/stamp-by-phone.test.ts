import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, loyaltyCards, vendors } from '@server/db/schema';
import { receiptText } from '@server/modules/notifications/text-messages';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { setUpVendorWithCard, type VendorSetup } from './stamp-test-helpers';

describe('stamps by phone number', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const sender = () => context.texts;
  let nextNumber = 2_000_000;
  const freshNumber = () => `0312 ${String((nextNumber += 7717) % 10_000_000).padStart(7, '0')}`;

  function post(url: string, cookie: string, payload: object) {
    return context.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  }

  /** A customer who signed up with a number (and whose profile language is Urdu). */
  async function phoneCustomer() {
    const typed = freshNumber();
    await context.app.inject({ method: 'POST', url: '/api/accounts/phone/code', payload: { phoneNumber: typed } });
    const code = sender().sent.at(-1)!.code;
    const signedIn = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/phone/sign-in',
      payload: { phoneNumber: typed, code, language: 'ur' },
    });
    return { typed, e164: signedIn.json().user.phoneNumber as string, id: signedIn.json().user.id as string };
  }

  async function allowing(setup: VendorSetup, allowed: boolean) {
    await db().update(vendors).set({ stampByPhone: allowed }).where(eq(vendors.id, setup.vendor.id));
  }

  it('is off until the owner allows it, for look-up and stamp alike', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await phoneCustomer();
    const lookup = await post('/api/vendor/stamps/phone-lookup', setup.owner.cookie, { phoneNumber: customer.typed });
    expect(lookup.statusCode).toBe(403);
    expect(lookup.json().error.code).toBe('stamp_by_phone_off');
    const stamp = await post('/api/vendor/stamps/by-phone', setup.owner.cookie, {
      phoneNumber: customer.typed,
      cardId: setup.card.id,
    });
    expect(stamp.statusCode).toBe(403);
  });

  it('finds the customer by the exact number, stamps, marks the stamp and sends a receipt in their language', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 10 });
    await allowing(setup, true);
    const customer = await phoneCustomer();
    const found = await post('/api/vendor/stamps/phone-lookup', setup.owner.cookie, { phoneNumber: customer.e164 });
    expect(found.statusCode).toBe(200);
    expect(found.json().cards.map((card: { cardId: string }) => card.cardId)).toContain(setup.card.id);

    const stamped = await post('/api/vendor/stamps/by-phone', setup.owner.cookie, {
      phoneNumber: customer.typed,
      cardId: setup.card.id,
    });
    expect(stamped.statusCode).toBe(200);
    expect(stamped.json().userCard).toMatchObject({ stampsCollected: 1, stampsRequired: 10 });
    expect(sender().receipts.at(-1)).toEqual({
      to: customer.e164,
      language: 'ur',
      vendor: setup.vendor.businessName,
      collected: 1,
      required: 10,
    });
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'stamp.by_phone'));
    expect(audits.some((row) => row.vendorId === setup.vendor.id)).toBe(true);
    const dashboard = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/dashboard',
      headers: { cookie: setup.owner.cookie },
    });
    expect(JSON.stringify(dashboard.json())).toContain('got a stamp by phone number on');
  });

  it('sends a points card’s receipt in points: the balance, marked so its words and template say points', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 500 });
    await db()
      .update(loyaltyCards)
      .set({ earnKind: 'points', pointsPer100Pkr: 10 })
      .where(eq(loyaltyCards.id, setup.card.id));
    await allowing(setup, true);
    const customer = await phoneCustomer();
    const stamped = await post('/api/vendor/stamps/by-phone', setup.owner.cookie, {
      phoneNumber: customer.typed,
      cardId: setup.card.id,
      amount: 1_250,
    });
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(sender().receipts.at(-1)).toEqual({
      to: customer.e164,
      language: 'ur',
      vendor: setup.vendor.businessName,
      collected: 125,
      required: 500,
      points: true,
    });
    expect(receiptText({ ...sender().receipts.at(-1)!, language: 'en' })).toBe(
      `${setup.vendor.businessName}: you have 125 points. Thank you for visiting!`,
    );
  });

  it('gives at most three a day per customer here, and a failed receipt does not undo the stamp', async () => {
    // Midday in Pakistan: the four stamps fall on one day (CI also starts the clock at 23:58).
    context.clock.set('2026-03-11T07:00:00.000Z');
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 10 });
    await allowing(setup, true);
    const customer = await phoneCustomer();
    const give = () =>
      post('/api/vendor/stamps/by-phone', setup.owner.cookie, { phoneNumber: customer.typed, cardId: setup.card.id });
    sender().failNext(1);
    expect((await give()).statusCode).toBe(200);
    for (let stamp = 2; stamp <= 3; stamp += 1) {
      context.clock.advance(61_000);
      expect((await give()).json().userCard.stampsCollected).toBe(stamp);
    }
    context.clock.advance(61_000);
    const fourth = await give();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('phone_stamp_cap');
  });

  it('refuses an unknown number, a landline and garbage, naming the field, and changes nothing', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    await allowing(setup, true);
    const unknown = await post('/api/vendor/stamps/phone-lookup', setup.owner.cookie, { phoneNumber: freshNumber() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No Chaska customer has this number. Ask them to sign up with it first.');
    for (const phoneNumber of ['042 35761234', 'chai']) {
      const refused = await post('/api/vendor/stamps/phone-lookup', setup.owner.cookie, { phoneNumber });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.phoneNumber).toBeDefined();
    }
  });

  it('is for the vendor’s own members only', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    await allowing(setup, true);
    const customer = await phoneCustomer();
    const stranger = await signUpUser(context.app);
    const refused = await post('/api/vendor/stamps/by-phone', stranger.cookie, {
      phoneNumber: customer.typed,
      cardId: setup.card.id,
    });
    expect(refused.statusCode).toBe(403);
  });
});
