import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLog, authSession } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { enrolTwoFactor, verifyEmailOf } from '@server/test/two-factor-factory';
import { recordReward, recordStamps } from '@server/modules/vendors/vendor-test-helpers';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { signInWithPassword } from './account-test-helpers';

describe('Users Management API', () => {
  const context = useTestApp({ ADMIN_EMAILS: 'founder@chaska.pk' });
  let admin: SignedInUser;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie = admin.cookie) =>
    context.app.inject({ method, url, headers: { cookie } });

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, context.database.db);
  });

  it('searches people by name or e-mail, filters them, and pages on the server', async () => {
    await signUpUser(context.app, { name: 'Zainab', surname: 'Haider', email: 'zainab.haider@example.pk' });
    await signUpUser(context.app, { name: 'Usman', surname: 'Tariq', email: 'u.tariq@example.pk' });
    const emails = async (query: string) =>
      (await call('GET', `/api/admin/users?${query}`)).json().users.map((user: { email: string }) => user.email);
    expect(await emails('search=zainab')).toEqual(['zainab.haider@example.pk']);
    expect(await emails('search=Usman%20Tariq')).toEqual(['u.tariq@example.pk']);
    expect(await emails('search=TARIQ@')).toEqual(['u.tariq@example.pk']);
    expect(await emails('status=admins')).toEqual([admin.email]);
    const page = (await call('GET', '/api/admin/users?pageSize=1&page=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page.users).toHaveLength(1);
    expect((await call('GET', '/api/admin/users?status=gone')).statusCode).toBe(400);
  });

  it("shows a person's cards, stamps and rewards", async () => {
    const db = context.database.db;
    const customer = await signUpUser(context.app, { name: 'Hamza' });
    const vendor = await createVendor(db, { businessName: 'Tikka Town' });
    const card = await createCard(db, vendor.id, { name: 'Tikka Club', stampsRequired: 5 });
    await recordStamps(db, {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      times: [new Date('2025-06-01T10:00:00Z'), new Date('2025-06-02T10:00:00Z')],
    });
    await recordReward(db, {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      earnedAt: new Date('2025-06-03T10:00:00Z'),
    });

    const detail = (await call('GET', `/api/admin/users/${customer.id}`)).json();
    expect(detail).toMatchObject({ name: 'Hamza', cards: 1, stamps: 2, rewards: 1, isAdmin: false, disabledAt: null });
    expect(detail.userCards).toEqual([
      expect.objectContaining({
        cardName: 'Tikka Club',
        vendorName: 'Tikka Town',
        stampsCollected: 2,
        stampsRequired: 5,
      }),
    ]);
    expect(detail.recentStamps.map((stamp: { issuedAt: string }) => stamp.issuedAt)).toEqual([
      '2025-06-02T10:00:00.000Z',
      '2025-06-01T10:00:00.000Z',
    ]);
    expect(detail.rewardList).toEqual([
      expect.objectContaining({ rewardTitle: 'Free Chai', status: 'earned', vendorName: 'Tikka Town' }),
    ]);
    expect((await call('GET', '/api/admin/users/no-such-user')).statusCode).toBe(404);
  });

  it("disables an account (its sessions end at once) and enables it again, never the admin's own", async () => {
    const customer = await signUpUser(context.app);
    expect((await call('GET', '/api/me', customer.cookie)).json().user).not.toBeNull();

    const disabled = await call('POST', `/api/admin/users/${customer.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabledAt).not.toBeNull();
    expect(
      await context.database.db.select().from(authSession).where(eq(authSession.userId, customer.id)),
    ).toHaveLength(0);
    expect((await call('GET', '/api/me', customer.cookie)).json().user).toBeNull();
    const signIn = await signInWithPassword(context.app, customer.email, 'chai-and-paratha');
    expect(signIn.statusCode).toBe(400);

    const enabled = await call('POST', `/api/admin/users/${customer.id}/enable`);
    expect(enabled.json().disabledAt).toBeNull();
    const again = await signInWithPassword(context.app, customer.email, 'chai-and-paratha');
    expect(again.statusCode).toBe(200);

    const self = await call('POST', `/api/admin/users/${admin.id}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot disable your own account.');
    const actions = (await context.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(['user.disable', 'user.enable']);
  });

  it("grants and revokes admin rights, never the admin's own, and says when ADMIN_EMAILS will grant them again", async () => {
    // Admin rights work for a verified address with two-factor on (decision 012).
    const colleague = await enrolTwoFactor(context.app, await signUpUser(context.app));
    await verifyEmailOf(context.app, context.database.db, colleague.email);
    const granted = await call('POST', `/api/admin/users/${colleague.id}/admin`);
    expect(granted.json()).toMatchObject({ isAdmin: true });
    const [row] = await context.database.db.select().from(adminUsers).where(eq(adminUsers.email, colleague.email));
    expect(row?.grantedBy).toBe(admin.email);
    expect((await call('GET', '/api/admin/stats', colleague.cookie)).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/admin/users/${colleague.id}/admin`);
    expect(revoked.json()).toMatchObject({ isAdmin: false, reappliedAtStart: false });
    expect((await call('GET', '/api/admin/stats', colleague.cookie)).statusCode).toBe(403);

    const self = await call('DELETE', `/api/admin/users/${admin.id}/admin`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot revoke your own admin rights.');

    const founder = await signUpUser(context.app, { email: 'founder@chaska.pk' });
    await call('POST', `/api/admin/users/${founder.id}/admin`);
    expect((await call('DELETE', `/api/admin/users/${founder.id}/admin`)).json().reappliedAtStart).toBe(true);
  });
});
