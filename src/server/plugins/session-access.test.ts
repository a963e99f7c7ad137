import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSession, users, vendors } from '@server/db/schema';
import { callAs, vendorOwner, vendorStaff } from '@server/modules/vendors/vendor-test-helpers';
import { useTestApp } from '@server/test/build-test-app';
import { cookieFrom, signUpUser } from '@server/test/factories';

/*
 * Every signed-in request reads the session, the person and their vendor in one statement
 * (decision 052), with no cache in between: whatever ends someone's access ends it for the very
 * next request. Each test revokes, then asks again at once, without moving the clock.
 */
describe('access ends with the next request', () => {
  const context = useTestApp();
  const dashboard = (cookie: string) => callAs(context.app, cookie, 'GET', '/api/customer/dashboard');
  const vendorDashboard = (cookie: string) => callAs(context.app, cookie, 'GET', '/api/vendor/dashboard');

  async function signInAgain(email: string, password = 'chai-and-paratha'): Promise<string> {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    return cookieFrom(response);
  }

  it('after signing out', async () => {
    const user = await signUpUser(context.app);
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
    expect((await callAs(context.app, user.cookie, 'POST', '/api/accounts/sign-out')).statusCode).toBe(200);
    expect((await dashboard(user.cookie)).statusCode).toBe(401);
  });

  it('on every other device after "sign out everywhere"', async () => {
    const user = await signUpUser(context.app);
    const otherDevice = await signInAgain(user.email);
    expect((await dashboard(otherDevice)).statusCode).toBe(200);
    expect((await callAs(context.app, user.cookie, 'POST', '/api/accounts/sign-out-everywhere')).statusCode).toBe(200);
    expect((await dashboard(otherDevice)).statusCode).toBe(401);
  });

  it('on the other devices after a password change', async () => {
    const { owner } = await vendorOwner(context.app, context.database.db);
    const otherDevice = await signInAgain(owner.email);
    expect((await vendorDashboard(otherDevice)).statusCode).toBe(200);
    const changed = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/account/password', {
      currentPassword: 'chai-and-paratha',
      newPassword: 'karak-chai-at-midnight',
    });
    expect(changed.statusCode).toBe(200);
    expect((await vendorDashboard(otherDevice)).statusCode).toBe(401);
  });

  it('when an admin disables the account, even while its session row is still there', async () => {
    const user = await signUpUser(context.app);
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
    // The admin route also deletes the sessions; the profile's mark alone must already shut the door.
    await context.database.db.update(users).set({ disabledAt: context.clock.now() }).where(eq(users.id, user.id));
    expect((await dashboard(user.cookie)).statusCode).toBe(401);
  });

  it('when the owner removes a staff member', async () => {
    const { owner, vendor } = await vendorOwner(context.app, context.database.db);
    const staff = await vendorStaff(context.app, context.database.db, vendor.id);
    expect((await vendorDashboard(staff.cookie)).statusCode).toBe(200);
    const removed = await callAs(context.app, owner.cookie, 'DELETE', `/api/vendor/staff/members/${staff.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await vendorDashboard(staff.cookie)).statusCode).toBe(403);
  });

  it('when the vendor is suspended', async () => {
    const { owner, vendor } = await vendorOwner(context.app, context.database.db);
    const staff = await vendorStaff(context.app, context.database.db, vendor.id);
    await context.database.db.update(vendors).set({ status: 'suspended' }).where(eq(vendors.id, vendor.id));
    expect((await vendorDashboard(owner.cookie)).statusCode).toBe(403);
    expect((await vendorDashboard(staff.cookie)).statusCode).toBe(403);
  });

  it('refuses a cookie whose signature does not match its token', async () => {
    const user = await signUpUser(context.app);
    const [name, value] = user.cookie.split(';')[0]!.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    const otherSignature = encodeURIComponent(`${token}.${'A'.repeat(43)}=`);
    expect((await dashboard(`${name}=${otherSignature}`)).statusCode).toBe(401);
    expect((await dashboard(`${name}=${encodeURIComponent(token)}`)).statusCode).toBe(401);
  });

  it('hands a session due for its daily refresh to Better Auth, which extends it, and an expired one ends', async () => {
    const user = await signUpUser(context.app);
    const [session] = await context.database.db
      .select({ id: authSession.id, expiresAt: authSession.expiresAt })
      .from(authSession)
      .where(eq(authSession.userId, user.id));
    // Better Auth keeps session lifetimes on the real time (its own rule), so these dates are real ones.
    const dueForRefresh = new Date(Date.now() + 28 * 24 * 60 * 60 * 1000);
    await context.database.db
      .update(authSession)
      .set({ expiresAt: dueForRefresh })
      .where(eq(authSession.id, session!.id));
    expect((await dashboard(user.cookie)).statusCode).toBe(200);
    const [refreshed] = await context.database.db
      .select({ expiresAt: authSession.expiresAt })
      .from(authSession)
      .where(eq(authSession.id, session!.id));
    expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(dueForRefresh.getTime());

    await context.database.db
      .update(authSession)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(authSession.id, session!.id));
    expect((await dashboard(user.cookie)).statusCode).toBe(401);
  });
});
