import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REFERRAL_CLAIMS_PER_HOUR, REFERRER_BONUSES_PER_MONTH } from '@shared/stamps/referrals';
import { auditLog, jobs, pushSubscriptions, referrals, stamps, userCards, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import {
  collectStamps,
  collectWith,
  counterCodeFor,
  prefillMonthlyStamps,
  redeemAtCounter,
  setUpVendorWithCard,
  type VendorSetup,
} from '@server/modules/stamps/stamp-test-helpers';
import { recentVendorActivity } from '@server/modules/vendors/vendor-activity';
import { DEVICE_COOKIE } from './device-cookie';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie');
  return `${DEVICE_COOKIE}=${cookie.value}`;
}

function invite(app: FastifyInstance, customer: SignedInUser, cardId: unknown, extraCookie = '') {
  return app.inject({
    method: 'POST',
    url: '/api/referrals/invites',
    headers: { cookie: [customer.cookie, extraCookie].filter(Boolean).join('; ') },
    payload: { cardId },
  });
}

function claim(app: FastifyInstance, customer: SignedInUser, code: unknown, extraCookie = '') {
  return app.inject({
    method: 'POST',
    url: '/api/referrals/claim',
    headers: { cookie: [customer.cookie, extraCookie].filter(Boolean).join('; ') },
    payload: { code },
  });
}

describe('referrals API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  /** A referrer who holds the card (one stamp) and their invitation. */
  async function referrerWithInvite(setup: VendorSetup) {
    const referrer = await signUpUser(context.app, { name: 'Ayesha' });
    await collectStamps(context.app, setup, referrer.cookie, 1);
    const response = await invite(context.app, referrer, setup.card.id);
    expect(response.statusCode).toBe(200);
    return { referrer, invitation: response.json(), device: deviceCookieOf(response) };
  }

  async function stampsOf(userId: string, cardId: string) {
    const [row] = await db()
      .select({ stampsCollected: userCards.stampsCollected })
      .from(userCards)
      .where(and(eq(userCards.userId, userId), eq(userCards.cardId, cardId)));
    return row?.stampsCollected ?? 0;
  }

  it('gives the friend and the referrer a bonus stamp at the friend’s first stamp, marked as bonuses', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const { referrer, invitation } = await referrerWithInvite(setup);
    expect(invitation.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(invitation.path).toBe(`/vendors/${setup.vendor.slug}?card=${setup.card.id}&ref=${invitation.code}`);
    // The same card gives the same code again: links already shared keep working.
    expect((await invite(context.app, referrer, setup.card.id)).json().code).toBe(invitation.code);

    const friend = await signUpUser(context.app, { name: 'Bilal', surname: 'Ahmed' });
    const claimed = await claim(context.app, friend, invitation.code);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().message).toContain('Collect your first stamp');

    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const first = await collectWith(context.app, friend.cookie, code.qrPayload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Stamp collected successfully!',
      bonusMessage: 'Your friend’s invitation gave you a bonus stamp.',
      userCard: { stampsCollected: 2 },
    });
    expect(await stampsOf(friend.id, setup.card.id)).toBe(2);
    expect(await stampsOf(referrer.id, setup.card.id)).toBe(2);

    const bonusStamps = await db().select().from(stamps).where(eq(stamps.kind, 'referral_bonus'));
    expect(
      bonusStamps
        .filter((stamp) => stamp.cardId === setup.card.id)
        .map((stamp) => stamp.userId)
        .sort(),
    ).toEqual([friend.id, referrer.id].sort());
    const [referral] = await db().select().from(referrals).where(eq(referrals.friendUserId, friend.id));
    expect(referral).toMatchObject({ status: 'rewarded', outcomeNote: null });

    const activity = await recentVendorActivity(db(), setup.vendor.id);
    expect(activity.map((item) => item.message)).toContain(`Bilal A. got a referral bonus stamp on ${setup.card.name}`);

    // A second visit gives no more bonus.
    const again = await collectWith(
      context.app,
      friend.cookie,
      (await counterCodeFor(context.app, setup.owner.cookie, setup.card.id)).qrPayload,
    );
    expect(again.json()).toMatchObject({ bonusMessage: null, userCard: { stampsCollected: 3 } });
    expect(await stampsOf(referrer.id, setup.card.id)).toBe(2);
  });

  it('keeps the bonus of a referrer whose card waits for its reward until the card starts over, and tells both', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 3 });
    const referrer = await signUpUser(context.app, { name: 'Ayesha' });
    const completed = await collectStamps(context.app, setup, referrer.cookie, 3);
    expect(completed.userCard.status).toBe('completed');
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: referrer.id,
        endpoint: `https://push.example.test/${referrer.id}`,
        p256dh: 'key',
        auth: 'secret',
        createdAt: context.clock.now(),
      });
    const invitation = (await invite(context.app, referrer, setup.card.id)).json();

    const friend = await signUpUser(context.app, { name: 'Bilal' });
    expect((await claim(context.app, friend, invitation.code)).statusCode).toBe(200);
    const first = await collectStamps(context.app, setup, friend.cookie, 1);
    expect(first).toMatchObject({
      bonusMessage:
        'Your friend’s invitation gave you a bonus stamp. Their own bonus stamp comes when they redeem their reward.',
      userCard: { stampsCollected: 2 },
    });
    expect(await stampsOf(referrer.id, setup.card.id)).toBe(3);
    const [waiting] = await db().select().from(referrals).where(eq(referrals.friendUserId, friend.id));
    expect(waiting).toMatchObject({
      status: 'rewarded',
      referrerBonusWaiting: true,
      referrerBonusStampId: null,
      outcomeNote: 'referrer_bonus_waiting',
    });
    // The referrer hears of it by push, as of a bonus given.
    const pushes = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, 'push.send'));
    expect(pushes.map((job) => job.payload)).toContainEqual({
      userId: referrer.id,
      notice: {
        type: 'referral_bonus_waiting',
        vendorName: setup.vendor.businessName,
        cardName: setup.card.name,
        rewardTitle: setup.card.rewardTitle,
      },
    });

    // Redeeming the reward starts the card over with the bonus that waited.
    const redeemed = await redeemAtCounter(context.app, referrer.cookie, setup.owner.cookie, completed.reward.id);
    expect(redeemed.statusCode).toBe(200);
    expect(await stampsOf(referrer.id, setup.card.id)).toBe(1);
    const [paid] = await db().select().from(referrals).where(eq(referrals.friendUserId, friend.id));
    expect(paid).toMatchObject({ status: 'rewarded', referrerBonusWaiting: false, outcomeNote: null });
    const [bonus] = await db().select().from(stamps).where(eq(stamps.id, paid!.referrerBonusStampId!));
    expect(bonus).toMatchObject({ userId: referrer.id, kind: 'referral_bonus', cardId: setup.card.id });
  });

  it("leaves the card's interval to visits: the referral bonuses block neither side's next visit", async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { minStampIntervalMinutes: 60 });
    const { referrer, invitation } = await referrerWithInvite(setup);
    context.clock.advance(2 * 60 * 60_000);
    const friend = await signUpUser(context.app, { name: 'Sadia' });
    expect((await claim(context.app, friend, invitation.code)).statusCode).toBe(200);
    await collectStamps(context.app, setup, friend.cookie, 1);
    expect(await stampsOf(referrer.id, setup.card.id)).toBe(2);
    // The referrer walks in a minute after the friend's visit: the bonus of that visit is no visit of theirs.
    context.clock.advance(60_000);
    const visit = await collectStamps(context.app, setup, referrer.cookie, 1);
    expect(visit).toMatchObject({ userCard: { stampsCollected: 3 } });
  });

  it('refuses self-referral by the same account, the same device or the same phone', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const { referrer, invitation, device } = await referrerWithInvite(setup);

    const own = await claim(context.app, referrer, invitation.code);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('This is your own invitation. Share it with a friend instead.');

    const sameBrowser = await signUpUser(context.app, { name: 'Second' });
    const onDevice = await claim(context.app, sameBrowser, invitation.code, device);
    expect(onDevice.statusCode).toBe(403);
    expect(onDevice.json().error.code).toBe('self_referral');
    expect(onDevice.json().error.message).toContain('opened on a phone its sender uses');

    const samePhone = await signUpUser(context.app, { name: 'Third' });
    await db().update(users).set({ phone: '0300 1112223' }).where(eq(users.id, referrer.id));
    await db().update(users).set({ phone: '+92 300 111 2223' }).where(eq(users.id, samePhone.id));
    const byPhone = await claim(context.app, samePhone, invitation.code);
    expect(byPhone.statusCode).toBe(403);
    expect(byPhone.json().error.message).toContain('your phone number');
    expect(await db().select().from(referrals).where(eq(referrals.referrerUserId, referrer.id))).toEqual([]);
  });

  it('pays nothing when the friend’s first stamp is scanned on a browser the referrer used', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const { referrer, invitation, device } = await referrerWithInvite(setup);
    const friend = await signUpUser(context.app, { name: 'Farm' });
    expect((await claim(context.app, friend, invitation.code)).statusCode).toBe(200);
    // The new account scans at the counter on the referrer's phone.
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/stamps/collect',
      headers: { cookie: `${friend.cookie}; ${device}` },
      payload: { code: code.qrPayload },
    });
    expect(response.json()).toMatchObject({ bonusMessage: null, userCard: { stampsCollected: 1 } });
    expect(await stampsOf(referrer.id, setup.card.id)).toBe(1);
    const [referral] = await db().select().from(referrals).where(eq(referrals.friendUserId, friend.id));
    expect(referral).toMatchObject({ status: 'refused', outcomeNote: 'self_device' });
  });

  it('gives one referral per friend and vendor, and only to customers new to the vendor', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const { invitation } = await referrerWithInvite(setup);
    const other = await referrerWithInvite(setup);
    const friend = await signUpUser(context.app);
    expect((await claim(context.app, friend, invitation.code)).statusCode).toBe(200);
    const second = await claim(context.app, friend, other.invitation.code);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('already_referred');

    const regular = await signUpUser(context.app);
    await collectStamps(context.app, setup, regular.cookie, 1);
    const late = await claim(context.app, regular, invitation.code);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('new to');
  });

  it('answers unknown and malformed codes alike, without a 500, and limits tries per hour', async () => {
    const customer = await signUpUser(context.app);
    const unknown = await claim(context.app, customer, 'A'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This invitation link is not valid. Ask your friend to share it again.');
    for (const bad of ['short', 'x'.repeat(200), 42, null, '../../etc']) {
      const response = await claim(context.app, customer, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('code');
    }
    // Every try counts: REFERRAL_CLAIMS_PER_HOUR in all, then 429 until the hour passes.
    const walker = await signUpUser(context.app);
    for (let index = 0; index < REFERRAL_CLAIMS_PER_HOUR; index += 1) {
      expect((await claim(context.app, walker, `${'B'.repeat(21)}${index % 10}`)).statusCode).toBe(404);
    }
    expect((await claim(context.app, walker, 'C'.repeat(22))).statusCode).toBe(429);
    context.clock.advance(60 * 60 * 1000 + 1);
    expect((await claim(context.app, walker, 'C'.repeat(22))).statusCode).toBe(404);
  });

  it('asks for a session and a card the customer holds before giving an invitation', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/api/referrals/invites',
      payload: { cardId: setup.card.id },
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await signUpUser(context.app);
    const notHeld = await invite(context.app, stranger, setup.card.id);
    expect(notHeld.statusCode).toBe(404);
    const bad = await invite(context.app, stranger, 'not-a-card');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('cardId');
    expect(
      (await context.app.inject({ method: 'POST', url: '/api/referrals/claim', payload: { code: 'A'.repeat(22) } }))
        .statusCode,
    ).toBe(401);
  });

  it('lets the owner switch referrals off, which stops invitations, claims and pending bonuses', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const { referrer, invitation } = await referrerWithInvite(setup);
    const friend = await signUpUser(context.app);
    expect((await claim(context.app, friend, invitation.code)).statusCode).toBe(200);

    const off = await callAs(context.app, setup.owner.cookie, 'PUT', '/api/vendor/referrals', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, pending: 1, rewarded: 0 });
    const audits = await db().select().from(auditLog).where(eq(auditLog.vendorId, setup.vendor.id));
    expect(audits.map((row) => row.action)).toContain('vendor.referrals_off');

    expect((await invite(context.app, referrer, setup.card.id)).statusCode).toBe(409);
    const late = await claim(context.app, await signUpUser(context.app), invitation.code);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('referrals_off');

    const visit = await collectStamps(context.app, setup, friend.cookie, 1);
    expect(visit).toMatchObject({ bonusMessage: null, userCard: { stampsCollected: 1 } });
    const [referral] = await db().select().from(referrals).where(eq(referrals.friendUserId, friend.id));
    expect(referral).toMatchObject({ status: 'refused', outcomeNote: 'referrals_off' });
  });

  it('keeps the switch to the owner and bad input out', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const staff = await signUpUser(context.app);
    await createVendor(db(), { ownerUserId: staff.id });
    const customer = await signUpUser(context.app);
    const put = (cookie: string, payload: unknown) =>
      context.app.inject({
        method: 'PUT',
        url: '/api/vendor/referrals',
        headers: { cookie },
        payload: payload as object,
      });
    expect((await put(customer.cookie, { enabled: false })).statusCode).toBe(403);
    const bad = await put(setup.owner.cookie, { enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('enabled');
    const summary = await callAs(context.app, setup.owner.cookie, 'GET', '/api/vendor/referrals');
    expect(summary.json()).toMatchObject({ enabled: true });
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/vendor/referrals', headers: { cookie: customer.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('caps the referrer’s bonuses per month at one vendor; the friends still get theirs', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 50 });
    const { referrer, invitation } = await referrerWithInvite(setup);
    for (let index = 0; index <= REFERRER_BONUSES_PER_MONTH; index += 1) {
      const friend = await signUpUser(context.app);
      expect((await claim(context.app, friend, invitation.code)).statusCode).toBe(200);
      const visit = await collectStamps(context.app, setup, friend.cookie, 1);
      expect(visit.userCard.stampsCollected).toBe(2);
    }
    expect(await stampsOf(referrer.id, setup.card.id)).toBe(1 + REFERRER_BONUSES_PER_MONTH);
    const notes = await db()
      .select({ note: referrals.outcomeNote })
      .from(referrals)
      .where(eq(referrals.referrerUserId, referrer.id));
    expect(notes.filter((row) => row.note === 'referrer_monthly_cap')).toHaveLength(1);
  });

  it('gives no bonus stamp beyond the plan’s monthly stamp limit, and still gives the visit', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { plan: 'starter' });
    const { referrer, invitation } = await referrerWithInvite(setup);
    const friend = await signUpUser(context.app);
    expect((await claim(context.app, friend, invitation.code)).statusCode).toBe(200);
    // 500 a month on Starter: the referrer's stamp and the filler leave room for the visit only.
    await prefillMonthlyStamps(context.app, db(), setup, 498, context.clock.now());
    const visit = await collectStamps(context.app, setup, friend.cookie, 1);
    expect(visit).toMatchObject({ bonusMessage: null, userCard: { stampsCollected: 1 } });
    expect(await stampsOf(referrer.id, setup.card.id)).toBe(1);
    const [referral] = await db().select().from(referrals).where(eq(referrals.friendUserId, friend.id));
    expect(referral).toMatchObject({ status: 'refused', outcomeNote: 'friend_bonus_skipped referrer_bonus_skipped' });
  });
});
