import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser } from '@server/test/factories';
import { callAs, vendorOwner, vendorStaff } from './vendor-test-helpers';

const SETTINGS = '/api/vendor/kiosk';
const SET_PIN = '/api/vendor/kiosk/pin';
const CHECK_PIN = '/api/vendor/kiosk/pin/check';

describe('the counter tablet PIN', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  it('is set by the owner, kept only as a keyed hash, and opens the kiosk for owner and staff', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const staff = await vendorStaff(context.app, db(), vendor.id);
    expect((await callAs(context.app, staff.cookie, 'GET', SETTINGS)).json()).toEqual({ pinSet: false });
    // No PIN yet: nothing opens the kiosk.
    const none = await callAs(context.app, staff.cookie, 'POST', CHECK_PIN, { pin: '2468' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('kiosk_pin_not_set');

    const set = await callAs(context.app, owner.cookie, 'PUT', SET_PIN, { pin: '2468' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ pinSet: true });
    expect((await callAs(context.app, staff.cookie, 'GET', SETTINGS)).json()).toEqual({ pinSet: true });
    const [row] = await db().select({ hash: vendors.kioskPinHash }).from(vendors).where(eq(vendors.id, vendor.id));
    expect(row?.hash).toBeTruthy();
    expect(row?.hash).not.toContain('2468');
    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.vendorId, vendor.id));
    expect(audited.map((entry) => entry.action)).toContain('vendor.kiosk_pin_set');

    for (const member of [owner, staff]) {
      const right = await callAs(context.app, member.cookie, 'POST', CHECK_PIN, { pin: '2468' });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toEqual({ ok: true });
    }
    const wrong = await callAs(context.app, staff.cookie, 'POST', CHECK_PIN, { pin: '1357' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'kiosk_pin_wrong', fields: { pin: 'That PIN is not correct.' } });

    // A new PIN replaces the old one.
    expect((await callAs(context.app, owner.cookie, 'PUT', SET_PIN, { pin: '135790' })).statusCode).toBe(200);
    expect((await callAs(context.app, staff.cookie, 'POST', CHECK_PIN, { pin: '2468' })).statusCode).toBe(400);
    expect((await callAs(context.app, staff.cookie, 'POST', CHECK_PIN, { pin: '135790' })).statusCode).toBe(200);
  });

  it('is refused to staff, customers, the signed-out and other vendors', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const staff = await vendorStaff(context.app, db(), vendor.id);
    const customer = await signUpUser(context.app);
    const other = await vendorOwner(context.app, db());
    expect((await callAs(context.app, owner.cookie, 'PUT', SET_PIN, { pin: '4321' })).statusCode).toBe(200);

    expect((await callAs(context.app, staff.cookie, 'PUT', SET_PIN, { pin: '0000' })).statusCode).toBe(403);
    for (const method of ['GET', 'PUT', 'POST'] as const) {
      const url = method === 'GET' ? SETTINGS : method === 'PUT' ? SET_PIN : CHECK_PIN;
      const payload = method === 'GET' ? undefined : { pin: '4321' };
      expect((await callAs(context.app, customer.cookie, method, url, payload)).statusCode).toBe(403);
      expect((await context.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    // Another vendor's owner has no PIN of their own, and theirs never touches this vendor's.
    expect((await callAs(context.app, other.owner.cookie, 'GET', SETTINGS)).json()).toEqual({ pinSet: false });
    expect((await callAs(context.app, other.owner.cookie, 'POST', CHECK_PIN, { pin: '4321' })).statusCode).toBe(400);
    expect((await callAs(context.app, other.owner.cookie, 'PUT', SET_PIN, { pin: '9999' })).statusCode).toBe(200);
    expect((await callAs(context.app, staff.cookie, 'POST', CHECK_PIN, { pin: '9999' })).statusCode).toBe(400);
    expect((await callAs(context.app, staff.cookie, 'POST', CHECK_PIN, { pin: '4321' })).statusCode).toBe(200);
    // Staff's refused attempt changed nothing.
    expect((await callAs(context.app, owner.cookie, 'POST', CHECK_PIN, { pin: '0000' })).statusCode).toBe(400);
  });

  it('refuses a PIN that is not 4 to 6 digits, naming the field, and changes nothing', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    expect((await callAs(context.app, owner.cookie, 'PUT', SET_PIN, { pin: '2468' })).statusCode).toBe(200);
    const [before] = await db().select({ hash: vendors.kioskPinHash }).from(vendors).where(eq(vendors.id, vendor.id));
    for (const pin of ['123', '1234567', '12a4', ' 1234', '١٢٣٤', '', 1234, null]) {
      for (const url of [SET_PIN, CHECK_PIN]) {
        const response = await callAs(context.app, owner.cookie, url === SET_PIN ? 'PUT' : 'POST', url, { pin });
        expect(response.statusCode, `${url} ${String(pin)}`).toBe(400);
        expect(response.json().error.fields).toEqual({ pin: 'The PIN must be 4 to 6 digits.' });
      }
    }
    const missing = await callAs(context.app, owner.cookie, 'PUT', SET_PIN, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('pin');
    const [after] = await db().select({ hash: vendors.kioskPinHash }).from(vendors).where(eq(vendors.id, vendor.id));
    expect(after?.hash).toBe(before?.hash);
  });
});

describe('guessing the counter tablet PIN', () => {
  // RATE_LIMIT_MAX 3: three tries a minute per address and three per vendor each 15 minutes.
  const context = useTestApp({ RATE_LIMIT_MAX: '3' });
  const db = () => context.database.db;
  let address = 0;
  const from = () => ({ remoteAddress: `198.51.100.${++address}` });

  it('runs out after a few tries per vendor, from any address, the right PIN included, until the window passes', async () => {
    const owner = await signUpUser(context.app, {}, from());
    await createVendor(db(), { ownerUserId: owner.id });
    const call = (method: 'PUT' | 'POST', url: string, pin: string) =>
      context.app.inject({ method, url, headers: { cookie: owner.cookie }, payload: { pin }, ...from() });
    expect((await call('PUT', SET_PIN, '8642')).statusCode).toBe(200);
    for (const pin of ['0000', '1111', '2222']) expect((await call('POST', CHECK_PIN, pin)).statusCode).toBe(400);
    const locked = await call('POST', CHECK_PIN, '8642');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');

    // Another vendor's tablet is not held up by this one's guesses.
    const other = await signUpUser(context.app, {}, from());
    await createVendor(db(), { ownerUserId: other.id });
    const otherCall = (method: 'PUT' | 'POST', url: string, pin: string) =>
      context.app.inject({ method, url, headers: { cookie: other.cookie }, payload: { pin }, ...from() });
    expect((await otherCall('PUT', SET_PIN, '5555')).statusCode).toBe(200);
    expect((await otherCall('POST', CHECK_PIN, '5555')).statusCode).toBe(200);

    context.clock.advance(15 * 60 * 1000 + 1000);
    expect((await call('POST', CHECK_PIN, '8642')).statusCode).toBe(200);
  });

  it('runs out per address too, whichever vendor is tried', async () => {
    const first = await signUpUser(context.app, {}, from());
    await createVendor(db(), { ownerUserId: first.id });
    const second = await signUpUser(context.app, {}, from());
    await createVendor(db(), { ownerUserId: second.id });
    const remoteAddress = '203.0.113.9';
    const check = (cookie: string, pin: string) =>
      context.app.inject({ method: 'POST', url: CHECK_PIN, headers: { cookie }, payload: { pin }, remoteAddress });
    expect((await check(first.cookie, '0000')).statusCode).toBe(400);
    expect((await check(first.cookie, '1111')).statusCode).toBe(400);
    expect((await check(second.cookie, '0000')).statusCode).toBe(400);
    // The second vendor has had one try, but this address has had its three.
    expect((await check(second.cookie, '1111')).statusCode).toBe(429);
  });
});
