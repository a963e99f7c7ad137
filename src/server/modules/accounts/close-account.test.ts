import { and, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { deviceCodeAt } from '@shared/stamps/device-codes';
import { isClosedAccountEmail } from '@shared/accounts/phone';
import * as schema from '@server/db/schema';
import {
  auditLog,
  authAccount,
  authSession,
  authUser,
  emailMessages,
  referralCodes,
  referrals,
  rewards,
  stamps,
  userCards,
  users,
  vendorCustomers,
  vendorMembers,
  vendors,
  visitRatings,
  walletPasses,
} from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import {
  collectStamps,
  customerCodeOf,
  setUpVendorWithCard,
  type VendorSetup,
} from '@server/modules/stamps/stamp-test-helpers';
import { stampCodeKey, walletPassCode } from '@server/modules/stamps/stamp-codes';

/**
 * Every foreign key to an account, and what closing it does to the rows (close-account.ts):
 * `deleted` rows are gone, `kept` rows stay with the emptied account, naming nobody. A new
 * table keyed to a person fails the first test until it is decided here and in closeAccount.
 */
const KEYED_TO_USERS: Record<string, 'deleted' | 'kept'> = {
  'users.id': 'kept', // the row itself, emptied of everything that names the person
  'auth_session.user_id': 'deleted',
  'auth_account.user_id': 'deleted',
  'auth_two_factor.user_id': 'deleted',
  'account_links.user_id': 'deleted',
  'devices.user_id': 'deleted',
  'push_subscriptions.user_id': 'deleted',
  'wallet_passes.user_id': 'deleted',
  'wallet_pass_registrations.user_id': 'deleted',
  'user_devices.user_id': 'deleted',
  'referral_codes.user_id': 'deleted',
  'referrals.referrer_user_id': 'deleted',
  'referrals.friend_user_id': 'deleted',
  'email_preferences.user_id': 'deleted',
  'text_messages.user_id': 'deleted',
  'vendor_members.user_id': 'deleted',
  // Their questions to support, with every message in them.
  'support_conversations.requester_id': 'deleted',
  // Only the e-mail confirming the closing stays, on its way to the address.
  'email_messages.user_id': 'kept',
  // The vendors' counts and records: what a customer did at a shop stays, without the person.
  'user_cards.user_id': 'kept',
  'stamps.user_id': 'kept',
  'stamps.created_by': 'kept',
  'rewards.user_id': 'kept',
  'rewards.redeemed_by': 'kept',
  'visit_ratings.user_id': 'kept',
  'automation_sends.user_id': 'kept',
  'campaign_recipients.user_id': 'kept',
  'campaigns.created_by': 'kept',
  'vendor_invitations.invited_by': 'kept',
  'card_partners.invited_by': 'kept',
  // An answer stays in the customer's thread when the admin who wrote it closes their account.
  'support_messages.admin_user_id': 'kept',
  // The vendor's fraud alerts and reversals (decision 086) are its records of its stamps, like them.
  'fraud_alerts.subject_user_id': 'kept',
  'fraud_alerts.resolved_by': 'kept',
  'stamp_reversals.reversed_by': 'kept',
  // Minutes long: housekeeping deletes used codes after their retention.
  'consumed_codes.user_id': 'kept',
};

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Each foreign key to users or auth_user, as "table.column", with its table and column. */
function foreignKeysToAccounts() {
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    return config.foreignKeys.flatMap((key) => {
      const reference = key.reference();
      const target = getTableConfig(reference.foreignTable).name;
      if (target !== 'users' && target !== 'auth_user') return [];
      const column = reference.columns[0]!;
      return [{ name: `${config.name}.${column.name}`, table, column }];
    });
  });
}

describe('what closing an account does with each table keyed to a person', () => {
  it('is decided for every foreign key to users and auth_user', () => {
    expect(
      foreignKeysToAccounts()
        .map((key) => key.name)
        .sort(),
    ).toEqual(Object.keys(KEYED_TO_USERS).sort());
  });
});

describe('closing an account', () => {
  const context = useTestApp({ ADMIN_EMAILS: 'root@chaska.pk' });
  const db = () => context.database.db;
  const sender = () => context.texts;

  function call(method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) {
    return context.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  }
  const close = (cookie: string | undefined, payload: object) => call('POST', '/api/accounts/close', cookie, payload);

  /** A customer with everything a customer can have: stamps, a reward, a device, a pass, a referral, a rating. */
  async function busyCustomer(setup: VendorSetup, name = 'Sana') {
    const customer = await signUpUser(context.app, { name, surname: 'Mirza' });
    await collectStamps(context.app, setup, customer.cookie, setup.card.stampsRequired);
    const [reward] = await db().select().from(rewards).where(eq(rewards.userId, customer.id));
    const enrolled = await call('POST', '/api/devices', customer.cookie, { name: 'Chrome on Android' });
    expect(enrolled.statusCode).toBe(201);
    const question = await call('POST', '/api/support/conversations', customer.cookie, {
      subject: 'My stamp did not arrive',
      message: 'I scanned at the counter at 3 pm, my card still shows 2.',
    });
    expect(question.statusCode).toBe(201);
    const [held] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
    const [pass] = await db()
      .insert(walletPasses)
      .values({ userId: customer.id, userCardId: held!.id, createdAt: context.clock.now() })
      .returning();
    const friend = await signUpUser(context.app, { name: 'Friend' });
    await db()
      .insert(referralCodes)
      .values({ code: `code-${customer.id}`, userId: customer.id, cardId: setup.card.id, vendorId: setup.vendor.id });
    await db()
      .insert(referrals)
      .values({
        vendorId: setup.vendor.id,
        code: `code-${customer.id}`,
        referrerUserId: customer.id,
        friendUserId: friend.id,
      });
    const [firstStamp] = await db().select().from(stamps).where(eq(stamps.userId, customer.id)).limit(1);
    await db().insert(visitRatings).values({
      stampId: firstStamp!.id,
      vendorId: setup.vendor.id,
      cardId: setup.card.id,
      userId: customer.id,
      rating: 5,
      comment: 'Great chai',
    });
    return {
      customer,
      reward: reward!,
      device: enrolled.json() as { handle: string; secret: string },
      barcode: walletPassCode(stampCodeKey(context.config.sessionSecret), {
        userId: customer.id,
        passId: pass!.id,
        createdAt: pass!.createdAt,
      }),
    };
  }

  async function vendorCounts(vendorId: string) {
    const [counted] = await db()
      .select({ stamps: sql<number>`count(*)::int` })
      .from(stamps)
      .where(eq(stamps.vendorId, vendorId));
    const [rolled] = await db()
      .select({
        stamps: sql<number>`coalesce(sum(${vendorCustomers.stamps}), 0)::int`,
        customers: sql<number>`count(*)::int`,
      })
      .from(vendorCustomers)
      .where(eq(vendorCustomers.vendorId, vendorId));
    const [rewarded] = await db()
      .select({ rewards: sql<number>`count(*)::int` })
      .from(rewards)
      .where(eq(rewards.vendorId, vendorId));
    return { ...counted, ...rolled, ...rewarded };
  }

  it('says what it asks for: the password of a password account', async () => {
    const customer = await signUpUser(context.app);
    const facts = await call('GET', '/api/accounts/close', customer.cookie);
    expect(facts.json()).toEqual({ proof: 'password', phoneNumber: null, blocker: null });
    expect((await call('GET', '/api/accounts/close')).statusCode).toBe(401);
  });

  it('with the password: deletes and empties everything keyed to the person, keeps the vendor counts, stops every code', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 3 });
    const { customer, reward, device, barcode } = await busyCustomer(setup);
    const myQr = await customerCodeOf(context.app, customer.cookie);
    const before = await vendorCounts(setup.vendor.id);
    expect(before).toMatchObject({ stamps: 3, rewards: 1 });

    const wrong = await close(customer.cookie, { confirm: true, password: 'not-my-password' });
    expect([wrong.statusCode, wrong.json().error.code, Object.keys(wrong.json().error.fields)]).toEqual([
      400,
      'invalid_password',
      ['password'],
    ]);
    const missing = await close(customer.cookie, { confirm: true });
    expect([missing.statusCode, Object.keys(missing.json().error.fields)]).toEqual([400, ['password']]);
    expect((await call('GET', '/api/accounts/profile', customer.cookie)).statusCode).toBe(200);

    const closed = await close(customer.cookie, { confirm: true, password: 'chai-and-paratha' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ closedAt: context.clock.now().toISOString() });
    expect(closed.cookies.find((cookie) => cookie.name === 'chaska.session_token')?.value).toBe('');

    // Signed out, and nobody signs in to it again.
    expect((await call('GET', '/api/accounts/profile', customer.cookie)).statusCode).toBe(401);
    const signIn = await call('POST', '/api/accounts/sign-in', undefined, {
      email: customer.email,
      password: 'chai-and-paratha',
    });
    expect(signIn.statusCode).toBe(401);

    // Every foreign key decided `deleted` has no row of the person left.
    for (const key of foreignKeysToAccounts().filter((entry) => KEYED_TO_USERS[entry.name] === 'deleted')) {
      const rows = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(key.table)
        .where(eq(key.column, customer.id));
      expect([key.name, rows[0]!.count]).toEqual([key.name, 0]);
    }
    // The row stays, naming nobody; so does the vendors' copy of it.
    const [row] = await db().select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ name: '', surname: '', phone: null, city: null, dateOfBirth: null, verified: false });
    expect(isClosedAccountEmail(row!.email)).toBe(true);
    expect(row!.closedAt).not.toBeNull();
    expect(row!.disabledAt).not.toBeNull();
    const [account] = await db().select().from(authUser).where(eq(authUser.id, customer.id));
    expect(account).toMatchObject({ name: '', phoneNumber: null, email: row!.email });
    const [copy] = await db().select().from(vendorCustomers).where(eq(vendorCustomers.userId, customer.id));
    expect(copy).toMatchObject({ name: '', surname: '', phone: null, email: row!.email });
    const [rating] = await db().select().from(visitRatings).where(eq(visitRatings.userId, customer.id));
    expect(rating).toMatchObject({ rating: 5 });
    // The audit log keeps the closing, without the address.
    const entries = await db().select().from(auditLog).where(eq(auditLog.actorUserId, customer.id));
    expect(entries.map((entry) => entry.actorEmail).filter(Boolean)).toEqual([]);
    expect(entries.map((entry) => entry.action)).toContain('user.close');
    // The last e-mail to the address says so; every earlier one is gone.
    const mail = await db().select().from(emailMessages).where(eq(emailMessages.userId, customer.id));
    expect(mail.map((message) => [message.toEmail, message.emailType])).toEqual([[customer.email, 'security']]);

    // The vendor's counts are as they were.
    expect(await vendorCounts(setup.vendor.id)).toEqual(before);

    // Every code that named the person is refused, and no stamp or redemption happens.
    const stampWith = (customerCode: string) =>
      call('POST', '/api/vendor/stamps', setup.owner.cookie, { customerCode, cardId: setup.card.id });
    for (const code of [barcode, deviceCodeAt(device, context.clock.now().getTime()), myQr.qrPayload]) {
      const refused = await stampWith(code);
      expect([code, refused.statusCode >= 400 && refused.statusCode < 500]).toEqual([code, true]);
    }
    const [still] = await db().select().from(rewards).where(eq(rewards.id, reward.id));
    expect(still!.status).toBe('earned');
    expect(await vendorCounts(setup.vendor.id)).toEqual(before);
  });

  it('refuses a live reward code shown before the closing', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 1 });
    const customer = await signUpUser(context.app, { name: 'Rida' });
    await collectStamps(context.app, setup, customer.cookie, 1);
    const [reward] = await db().select().from(rewards).where(eq(rewards.userId, customer.id));
    const shown = await call('POST', `/api/rewards/${reward!.id}/redemption-code`, customer.cookie);
    expect(shown.statusCode).toBe(200);
    expect((await close(customer.cookie, { confirm: true, password: 'chai-and-paratha' })).statusCode).toBe(200);
    const refused = await call('POST', '/api/vendor/rewards/redeem', setup.owner.cookie, {
      code: shown.json().qrPayload,
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'account_disabled']);
  });

  it('with a code to the number of a phone account, only its own number', async () => {
    const phone = '0301 7654321';
    await call('POST', '/api/accounts/phone/code', undefined, { phoneNumber: phone });
    const signedIn = await call('POST', '/api/accounts/phone/sign-in', undefined, {
      phoneNumber: phone,
      code: sender().sent.at(-1)!.code,
    });
    const cookie = signedIn.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const facts = (await call('GET', '/api/accounts/close', cookie)).json();
    expect(facts).toEqual({ proof: 'phone_code', phoneNumber: '+923017654321', blocker: null });

    context.clock.advance(60_000);
    const otherNumber = await call('POST', '/api/accounts/phone/code', cookie, {
      phoneNumber: '0301 7654322',
      purpose: 'close_account',
    });
    expect([otherNumber.statusCode, otherNumber.json().error.code]).toEqual([403, 'not_your_number']);
    const signedOut = await call('POST', '/api/accounts/phone/code', undefined, {
      phoneNumber: phone,
      purpose: 'close_account',
    });
    expect(signedOut.statusCode).toBe(401);
    const sent = await call('POST', '/api/accounts/phone/code', cookie, {
      phoneNumber: phone,
      purpose: 'close_account',
    });
    expect(sent.statusCode).toBe(200);
    const code = sender().sent.at(-1)!.code;

    expect((await close(cookie, { confirm: true })).json().error.fields).toHaveProperty('code');
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await close(cookie, { confirm: true, code: wrongCode });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'code_wrong']);
    expect((await close(cookie, { confirm: true, code })).statusCode).toBe(200);
    const [account] = await db().select().from(authUser).where(eq(authUser.id, signedIn.json().user.id));
    expect(account!.phoneNumber).toBeNull();

    // The number is free: a new sign-in with it makes a new, empty account.
    context.clock.advance(60_000);
    await call('POST', '/api/accounts/phone/code', undefined, { phoneNumber: phone });
    const again = await call('POST', '/api/accounts/phone/sign-in', undefined, {
      phoneNumber: phone,
      code: sender().sent.at(-1)!.code,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).not.toBe(signedIn.json().user.id);
  });

  it('refuses bad input, the signed out, a vendor owner with a shop still open; lets staff leave', async () => {
    const customer = await signUpUser(context.app);
    expect((await close(undefined, { confirm: true, password: 'x' })).statusCode).toBe(401);
    const unconfirmed = await close(customer.cookie, { confirm: false, password: 'chai-and-paratha' });
    expect([unconfirmed.statusCode, Object.keys(unconfirmed.json().error.fields)]).toEqual([400, ['confirm']]);
    const badCode = await close(customer.cookie, { confirm: true, code: 'abc' });
    expect([badCode.statusCode, Object.keys(badCode.json().error.fields)]).toEqual([400, ['code']]);

    const owner = await signUpUser(context.app, { name: 'Owner' });
    const vendor = await createVendor(db(), { ownerUserId: owner.id });
    expect((await call('GET', '/api/accounts/close', owner.cookie)).json().blocker).toBe('vendor_open');
    const open = await close(owner.cookie, { confirm: true, password: 'chai-and-paratha' });
    expect([open.statusCode, open.json().error.code]).toEqual([409, 'vendor_open']);
    await db().update(vendors).set({ closedAt: context.clock.now() }).where(eq(vendors.id, vendor.id));
    expect((await close(owner.cookie, { confirm: true, password: 'chai-and-paratha' })).statusCode).toBe(200);

    const staff = await signUpUser(context.app, { name: 'Staff' });
    const shop = await createVendor(db(), {});
    await db().insert(vendorMembers).values({ vendorId: shop.id, userId: staff.id, role: 'staff' });
    expect((await close(staff.cookie, { confirm: true, password: 'chai-and-paratha' })).statusCode).toBe(200);
    expect(await db().select().from(vendorMembers).where(eq(vendorMembers.userId, staff.id))).toEqual([]);
  });

  describe('by an admin', () => {
    let admin: SignedInUser;
    const deleteUser = (id: string, cookie: string | undefined, payload: object) =>
      call('POST', `/api/admin/users/${id}/close`, cookie, payload);

    it('deletes with a reason through the same closing, audit logged; refuses others and bad input', async () => {
      admin = await signUpAdmin(context.app, db());
      const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 3 });
      const { customer } = await busyCustomer(setup, 'Kiran');
      const before = await vendorCounts(setup.vendor.id);

      expect((await deleteUser(customer.id, undefined, { reason: 'Asked by phone' })).statusCode).toBe(401);
      expect((await deleteUser(customer.id, customer.cookie, { reason: 'Asked by phone' })).statusCode).toBe(403);
      expect((await deleteUser(customer.id, setup.owner.cookie, { reason: 'Asked by phone' })).statusCode).toBe(403);
      const noReason = await deleteUser(customer.id, admin.cookie, { reason: '  ' });
      expect([noReason.statusCode, Object.keys(noReason.json().error.fields)]).toEqual([400, ['reason']]);
      expect((await deleteUser('no-such-user', admin.cookie, { reason: 'Asked' })).statusCode).toBe(404);
      const self = await deleteUser(admin.id, admin.cookie, { reason: 'Me' });
      expect([self.statusCode, self.json().error.code]).toEqual([409, 'self_action']);

      const deleted = await deleteUser(customer.id, admin.cookie, { reason: 'Asked by phone' });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ id: customer.id, closedAt: context.clock.now().toISOString() });
      expect((await call('GET', '/api/accounts/profile', customer.cookie)).statusCode).toBe(401);
      expect(await db().select().from(authAccount).where(eq(authAccount.userId, customer.id))).toEqual([]);
      expect(await db().select().from(authSession).where(eq(authSession.userId, customer.id))).toEqual([]);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, customer.id), eq(auditLog.action, 'user.delete')));
      expect(entry).toMatchObject({ actorUserId: admin.id, metadata: { reason: 'Asked by phone' } });
      expect(await vendorCounts(setup.vendor.id)).toEqual(before);

      // Once closed, it is gone for every admin action.
      expect((await deleteUser(customer.id, admin.cookie, { reason: 'Again' })).statusCode).toBe(404);
      const enable = await call('POST', `/api/admin/users/${customer.id}/enable`, admin.cookie);
      expect([enable.statusCode, enable.json().error.code]).toEqual([409, 'account_closed']);
    });

    it('refuses an admin account until its rights are revoked', async () => {
      const other = await signUpUser(context.app, { email: 'root@chaska.pk' });
      await db().insert(schema.adminUsers).values({ email: 'root@chaska.pk', role: 'admin', grantedBy: 'test' });
      const refused = await deleteUser(other.id, admin.cookie, { reason: 'Leaving' });
      expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'admin_account']);
    });
  });

  it('downloads everything about the person as JSON, for the signed-in person only', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 3 });
    const { customer } = await busyCustomer(setup, 'Zoya');
    expect((await call('GET', '/api/accounts/export')).statusCode).toBe(401);
    const response = await call('GET', '/api/accounts/export', customer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="chaska-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.profile).toMatchObject({ email: customer.email, name: 'Zoya', surname: 'Mirza' });
    expect(data.cards).toHaveLength(1);
    expect(data.stamps).toHaveLength(3);
    expect(data.rewards).toEqual([expect.objectContaining({ status: 'earned' })]);
    expect(data.referrals.referrals).toEqual([expect.objectContaining({ role: 'referrer', status: 'pending' })]);
    expect(data.ratings).toEqual([expect.objectContaining({ rating: 5, comment: 'Great chai' })]);
    expect(data.devices.offlineCodes).toEqual([expect.objectContaining({ name: 'Chrome on Android' })]);
    expect(data.devices.walletPasses).toHaveLength(1);
    expect(data.preferences).toMatchObject({ securityAlerts: true });
    // No secret leaves: the device's, the password's.
    expect(response.body).not.toMatch(/secret|password/i);
  });
});
