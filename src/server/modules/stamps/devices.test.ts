import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { deviceCodeAt } from '@shared/stamps/device-codes';
import { MAX_DEVICES_PER_USER, type EnrolledDevice } from '@shared/stamps/devices';
import { formatTypedCode } from '@shared/stamps/codes';
import { authUser, devices, stamps } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';
import { DEVICE_CODE_MISSES_BEFORE_LOCK } from './read-device-code';

async function enrol(app: FastifyInstance, cookie: string, name = 'Chrome on Android'): Promise<EnrolledDevice> {
  const response = await app.inject({ method: 'POST', url: '/api/devices', headers: { cookie }, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`enrol failed: ${response.statusCode} ${response.body}`);
  return response.json() as EnrolledDevice;
}

describe('devices API (offline My QR codes)', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const now = () => context.clock.now().getTime();

  function issue(staffCookie: string, customerCode: string, cardId: string) {
    return callAs(context.app, staffCookie, 'POST', '/api/vendor/stamps', { customerCode, cardId });
  }

  function lookup(staffCookie: string, customerCode: string) {
    return callAs(context.app, staffCookie, 'POST', '/api/vendor/stamps/lookup', { customerCode });
  }

  it('enrols a device, lists it for its owner only, and hands the secret out once', async () => {
    const customer = await signUpUser(context.app, { name: 'Bilal' });
    const other = await signUpUser(context.app);
    const enrolled = await enrol(context.app, customer.cookie);
    expect(enrolled.handle).toMatch(/^[0-9A-Z]{4}$/);
    expect(enrolled.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.device).toMatchObject({ name: 'Chrome on Android', lastUsedAt: null });

    const mine = await context.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: customer.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ devices: [enrolled.device] });
    expect(mine.body).not.toContain(enrolled.secret);
    const theirs = await context.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: other.cookie } });
    expect(theirs.json()).toEqual({ devices: [] });
  });

  it('refuses the signed-out, bad names, and more than the limit', async () => {
    const signedOut = await context.app.inject({ method: 'GET', url: '/api/devices' });
    expect(signedOut.statusCode).toBe(401);
    const enrolSignedOut = await context.app.inject({ method: 'POST', url: '/api/devices', payload: { name: 'x' } });
    expect(enrolSignedOut.statusCode).toBe(401);

    const customer = await signUpUser(context.app);
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 42 }]) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie: customer.cookie },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/name/i);
    }
    expect(await db().select().from(devices).where(eq(devices.userId, customer.id))).toHaveLength(0);

    for (let index = 0; index < MAX_DEVICES_PER_USER; index += 1) await enrol(context.app, customer.cookie);
    const tooMany = await callAs(context.app, customer.cookie, 'POST', '/api/devices', { name: 'One more' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('too_many_devices');
    // Every attempt counts against the hourly limit, refused or not.
    const attempts = [];
    for (let index = MAX_DEVICES_PER_USER + 1; index < 2 * MAX_DEVICES_PER_USER + 1; index += 1) {
      attempts.push((await callAs(context.app, customer.cookie, 'POST', '/api/devices', { name: 'Again' })).statusCode);
    }
    expect(attempts.at(-2)).toBe(409);
    expect(attempts.at(-1)).toBe(429);
  });

  it('stamps a card from the device code, QR or typed, once per card per step, and refuses it expired', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await signUpUser(context.app, { name: 'Bilal' });
    const enrolled = await enrol(context.app, customer.cookie);
    // The phone computed its code offline a few seconds ago; staff read it now.
    const shown = deviceCodeAt(enrolled, now() - 5_000);

    const found = await lookup(setup.owner.cookie, shown);
    expect(found.statusCode).toBe(200);
    expect(found.json().customer).toEqual({ name: 'Bilal' });

    const first = await issue(setup.owner.cookie, shown, setup.card.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Stamp given to Bilal on Test Card.',
      userCard: { stampsCollected: 1 },
    });
    const [stamp] = await db().select().from(stamps).where(eq(stamps.id, first.json().stamp.id));
    expect(stamp).toMatchObject({ userId: customer.id, createdBy: setup.owner.id });

    // The same step again, typed with its dash this time: a replay.
    const replay = await issue(setup.owner.cookie, formatTypedCode(shown).toLowerCase(), setup.card.id);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe('code_already_used');

    const [row] = await db().select().from(devices).where(eq(devices.id, enrolled.device.id));
    expect(row!.lastUsedAt).toEqual(context.clock.now());

    // Three steps later the code is over: "expired", not "invalid".
    context.clock.advance(90_000);
    const late = await issue(setup.owner.cookie, shown, setup.card.id);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('code_expired');
    // The device's new code works.
    const next = await issue(setup.owner.cookie, deviceCodeAt(enrolled, now()), setup.card.id);
    expect(next.statusCode).toBe(200);
    expect(next.json().userCard.stampsCollected).toBe(2);
  });

  it('refuses a wrong time-based part and the codes of a removed device', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await signUpUser(context.app);
    const other = await signUpUser(context.app);
    const enrolled = await enrol(context.app, customer.cookie);
    const code = deviceCodeAt(enrolled, now());
    const forged = enrolled.handle + (code.endsWith('0000') ? '0001' : '0000');
    const wrong = await issue(setup.owner.cookie, forged, setup.card.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_code');

    // Someone else cannot remove it; a bad id is a clear 400.
    const foreign = await callAs(context.app, other.cookie, 'DELETE', `/api/devices/${enrolled.device.id}`);
    expect(foreign.statusCode).toBe(404);
    const badId = await callAs(context.app, customer.cookie, 'DELETE', '/api/devices/not-a-uuid');
    expect(badId.statusCode).toBe(400);

    const removed = await callAs(context.app, customer.cookie, 'DELETE', `/api/devices/${enrolled.device.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    const after = await issue(setup.owner.cookie, code, setup.card.id);
    expect(after.statusCode).toBe(400);
    expect(after.json().error.code).toBe('invalid_code');
    expect((await lookup(setup.owner.cookie, code)).statusCode).toBe(400);
  });

  it('locks a device handle after a few wrong codes, from any counter, until the phone syncs', async () => {
    const first = await setUpVendorWithCard(context.app, db());
    const second = await setUpVendorWithCard(context.app, db());
    const customer = await signUpUser(context.app, { name: 'Bilal' });
    const enrolled = await enrol(context.app, customer.cookie);
    const bystander = await enrol(context.app, (await signUpUser(context.app)).cookie);
    // Codes of the handle that are right now, or were lately (expired): a guess is none of them.
    const genuine = new Set(
      Array.from({ length: 25 }, (_, back) => deviceCodeAt(enrolled, now() + (2 - back) * 30_000)),
    );
    const guesses = ['0000', '0001', '0002', '0003', '0004', '0005', '0006', '0007']
      .map((token) => enrolled.handle + token)
      .filter((code) => !genuine.has(code));
    // Misses from two vendors' counters add up on the handle, whatever each vendor's own limit says.
    for (const [index, guess] of guesses.slice(0, DEVICE_CODE_MISSES_BEFORE_LOCK).entries()) {
      const staff = index % 2 === 0 ? first.owner : second.owner;
      const response = await lookup(staff.cookie, guess);
      expect([response.statusCode, response.json().error.code]).toEqual([400, 'invalid_code']);
    }
    const locked = await issue(first.owner.cookie, deviceCodeAt(enrolled, now()), first.card.id);
    expect([locked.statusCode, locked.json().error.code]).toEqual([403, 'offline_code_locked']);
    expect(locked.json().error.message).toMatch(/locked after too many wrong tries/);
    expect(await db().select().from(stamps).where(eq(stamps.userId, customer.id))).toHaveLength(0);
    // Another customer's device is not held up.
    expect((await lookup(first.owner.cookie, deviceCodeAt(bystander, now()))).statusCode).toBe(200);

    // The phone comes online and reads its devices: its codes work again.
    context.clock.advance(30_000);
    const synced = await callAs(context.app, customer.cookie, 'GET', '/api/devices');
    expect(synced.statusCode).toBe(200);
    const stamped = await issue(first.owner.cookie, deviceCodeAt(enrolled, now()), first.card.id);
    expect(stamped.statusCode).toBe(200);
  });

  it('are deleted with the account', async () => {
    const customer = await signUpUser(context.app);
    await enrol(context.app, customer.cookie);
    await db().delete(authUser).where(eq(authUser.id, customer.id));
    expect(await db().select().from(devices).where(eq(devices.userId, customer.id))).toHaveLength(0);
  });
});
