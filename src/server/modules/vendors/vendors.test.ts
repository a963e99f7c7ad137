import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailMessages, loyaltyCards, vendorMembers, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { callAs, recordReward, recordStamps, vendorOwner, vendorStaff } from './vendor-test-helpers';

const profile = {
  businessName: 'Lahori Chai Khana',
  businessCategory: 'cafe',
  businessDescription: 'Doodh patti since 1985',
  website: 'https://chaikhana.pk',
  contactPerson: 'Imran Butt',
  contactEmail: 'Imran@ChaiKhana.pk',
  phone: '+92 300 1234567',
  whatsapp: '+92 321 7654321',
  address: '12 Food Street',
  city: 'Lahore',
  area: 'Gawalmandi',
  openingHours: {
    monday: { open: '09:00', close: '22:00', closed: false },
    tuesday: { open: '09:00', close: '22:00', closed: false },
    wednesday: { open: '09:00', close: '22:00', closed: false },
    thursday: { open: '09:00', close: '22:00', closed: false },
    friday: { open: '14:00', close: '02:00', closed: false },
    saturday: { open: '09:00', close: '23:30', closed: false },
    sunday: { open: '09:00', close: '22:00', closed: true },
  },
  facebookPage: 'https://facebook.com/chaikhana',
  instagramHandle: '@chaikhana.pk',
  twitterHandle: 'chaikhana',
  allowFeature: true,
  allowPromotions: false,
  wantsMarketingTips: true,
  wantsPlatformUpdates: true,
};

describe('vendor dashboard, profile, account and team API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  it('builds the dashboard from real data with the SPEC limit texts', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'starter');
    const card = await createCard(db(), vendor.id, { name: 'Chai Card' });
    const customer = await signUpUser(context.app, { name: 'Ayesha', surname: 'Khan' });
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      times: [new Date(context.clock.now().getTime() - 60_000)],
    });
    await recordReward(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      earnedAt: context.clock.now(),
      redeemedAt: context.clock.now(),
    });
    await callAs(context.app, owner.cookie, 'POST', `/api/vendor/cards/${card.id}/pause`);
    await callAs(context.app, owner.cookie, 'POST', `/api/vendor/cards/${card.id}/activate`);

    const dashboard = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/dashboard?range=30d')).json();
    expect(dashboard.plan).toMatchObject({
      id: 'starter',
      name: 'Starter',
      maxCards: 1,
      maxStampsPerMonth: 500,
      analytics: 'basic',
    });
    expect(dashboard.tiles).toEqual({ activeCards: 1, totalUsers: 1, stampsIssued: 1, rewardsRedeemed: 1 });
    expect(dashboard.limitReasons).toEqual(['Plan limit reached. Maximum 1 card allowed.']);
    expect(dashboard.chart.points).toHaveLength(30);
    expect(dashboard.chart.points.reduce((sum: number, point: { stamps: number }) => sum + point.stamps, 0)).toBe(1);
    const messages = dashboard.recentActivity.map((item: { message: string }) => item.message);
    expect(messages).toContain('Ayesha K. collected a stamp on Chai Card');
    expect(messages).toContain('Ayesha K. redeemed Free Chai');
    expect(messages).toContain('Card "Chai Card" activated');
    expect(dashboard.topCards[0]).toMatchObject({ name: 'Chai Card', users: 1, stamps: 1 });

    // In Urdu, the feed and the limit are the catalogue's Urdu, counted.
    const inUrdu = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/dashboard?range=30d',
      headers: { cookie: owner.cookie, 'accept-language': 'ur' },
    });
    const urdu = inUrdu.json();
    expect(urdu.limitReasons).toEqual(['پلان کی حد پوری ہو گئی۔ زیادہ سے زیادہ 1 کارڈ کی اجازت ہے۔']);
    const urduMessages = urdu.recentActivity.map((item: { message: string }) => item.message);
    expect(urduMessages).toContain('Ayesha K. نے Chai Card پر اسٹیمپ لیا');
    expect(urduMessages).toContain('Ayesha K. نے Free Chai وصول کیا');
    // The owner's own changes too (the audit log's lines).
    expect(urduMessages).toContain('کارڈ "Chai Card" فعال کیا گیا');

    const bad = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/dashboard?range=1y');
    expect(bad.statusCode).toBe(400);
  });

  it('saves every profile field with validation, owner only', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const saved = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/profile', profile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({
      ...profile,
      contactEmail: 'imran@chaikhana.pk',
      twitterHandle: '@chaikhana',
    });
    const [row] = await db().select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({
      businessName: 'Lahori Chai Khana',
      instagramHandle: 'chaikhana.pk',
      allowPromotions: false,
      slug: vendor.slug,
    });
    expect(row?.openingHours?.sunday).toEqual({ open: '09:00', close: '22:00', closed: true });

    const invalid = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/profile', {
      ...profile,
      businessName: '',
      website: 'chaikhana',
      city: 'Dubai',
      openingHours: { ...profile.openingHours, monday: { open: '9am', close: '22:00', closed: false } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toMatchObject({
      businessName: 'Business name is required.',
      website: 'Website must be a web address, for example bilalkarahi.pk',
      city: 'Please choose a city from the list.',
      'openingHours.monday.open': 'Use a time like 09:00.',
    });

    const bare = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/profile', {
      ...profile,
      website: 'bilalkarahi.pk',
      facebookPage: 'http://facebook.com/bilalkarahi',
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().profile).toMatchObject({
      website: 'https://bilalkarahi.pk',
      facebookPage: 'http://facebook.com/bilalkarahi',
    });

    const staff = await vendorStaff(context.app, db(), vendor.id);
    expect((await callAs(context.app, staff.cookie, 'GET', '/api/vendor/profile')).statusCode).toBe(200);
    const byStaff = await callAs(context.app, staff.cookie, 'PUT', '/api/vendor/profile', {
      ...profile,
      businessName: 'Hijacked',
    });
    expect(byStaff.statusCode).toBe(403);
    const [after] = await db().select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(after?.businessName).toBe('Lahori Chai Khana');
  });

  it('places the shop’s pin in Pakistan, to six decimals, and takes it away again', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const pinned = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/profile', {
      ...profile,
      shopLocation: { latitude: 31.520_370_123, longitude: 74.358_749_9 },
    });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().profile.shopLocation).toEqual({ latitude: 31.52037, longitude: 74.35875 });
    const pinOf = async () => {
      const [row] = await db().select().from(vendors).where(eq(vendors.id, vendor.id));
      return [row!.latitude, row!.longitude];
    };
    expect(await pinOf()).toEqual([31.52037, 74.35875]);

    // Swapped coordinates land outside Pakistan: each field is named, nothing changes.
    const swapped = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/profile', {
      ...profile,
      shopLocation: { latitude: 74.35875, longitude: 31.52037 },
    });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().error.fields).toEqual({
      'shopLocation.latitude': 'The pin must be in Pakistan: latitude from 23.5 to 37.2.',
      'shopLocation.longitude': 'The pin must be in Pakistan: longitude from 60.8 to 77.9.',
    });
    for (const garbage of [{ latitude: '31.5', longitude: 74.3 }, { latitude: 31.5 }, 'Lahore', [31.5, 74.3]]) {
      const refused = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/profile', {
        ...profile,
        shopLocation: garbage,
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields).every((field) => field.startsWith('shopLocation'))).toBe(true);
    }
    expect(await pinOf()).toEqual([31.52037, 74.35875]);

    const cleared = await callAs(context.app, owner.cookie, 'PUT', '/api/vendor/profile', {
      ...profile,
      shopLocation: null,
    });
    expect(cleared.json().profile.shopLocation).toBeNull();
    expect(await pinOf()).toEqual([null, null]);
  });

  it('keeps staff away from owner actions: team, export, closing and billing', async () => {
    const { vendor } = await vendorOwner(context.app, db());
    const staff = await vendorStaff(context.app, db(), vendor.id);
    for (const [method, url, payload] of [
      ['GET', '/api/vendor/staff', undefined],
      ['POST', '/api/vendor/staff/invitations', { email: 'friend@example.pk' }],
      ['GET', '/api/vendor/account/export', undefined],
      ['POST', '/api/vendor/account/close', { confirm: true }],
      ['POST', '/api/billing/checkout', { planId: 'premium' }],
    ] as const) {
      const response = await callAs(context.app, staff.cookie, method, url, payload);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('invites staff by e-mail; only the invited address can accept, once', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'standard', {
      businessName: 'Karachi Biryani House',
    });
    const invited = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/staff/invitations', {
      email: 'Cashier.One@Example.pk',
    });
    expect(invited.statusCode).toBe(200);
    const [mail] = await db().select().from(emailMessages).where(eq(emailMessages.toEmail, 'cashier.one@example.pk'));
    const token = /join-vendor\?token=([\w-]+)/.exec(mail!.text)![1]!;

    const preview = await context.app.inject({
      method: 'POST',
      url: '/api/vendor-invitations/preview',
      payload: { token },
    });
    expect(preview.json()).toEqual({
      businessName: 'Karachi Biryani House',
      email: 'cashier.one@example.pk',
      state: 'open',
    });

    const wrongPerson = await signUpUser(context.app);
    const refused = await callAs(context.app, wrongPerson.cookie, 'POST', '/api/vendor-invitations/accept', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This invitation was sent to cashier.one@example.pk. Sign in with that address to accept it.',
    );

    const cashier = await signUpUser(context.app, { email: 'cashier.one@example.pk' });
    const accepted = await callAs(context.app, cashier.cookie, 'POST', '/api/vendor-invitations/accept', { token });
    expect(accepted.json()).toEqual({ businessName: 'Karachi Biryani House' });
    const again = await callAs(context.app, cashier.cookie, 'POST', '/api/vendor-invitations/accept', { token });
    expect(again.statusCode).toBe(409);

    const team = (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/staff')).json();
    expect(team.members.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual([
      [owner.email, 'owner'],
      ['cashier.one@example.pk', 'staff'],
    ]);
    expect(team.invitations).toEqual([]);
    expect((await callAs(context.app, cashier.cookie, 'GET', '/api/vendor/cards')).statusCode).toBe(200);

    const removeOwner = await callAs(context.app, owner.cookie, 'DELETE', `/api/vendor/staff/members/${owner.id}`);
    expect(removeOwner.statusCode).toBe(403);
    expect(
      (await callAs(context.app, owner.cookie, 'DELETE', `/api/vendor/staff/members/${cashier.id}`)).statusCode,
    ).toBe(200);
    expect(await db().select().from(vendorMembers).where(eq(vendorMembers.userId, cashier.id))).toHaveLength(0);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.vendorId, vendor.id))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['staff.invite', 'staff.join', 'staff.remove']));
  });

  it('refuses to invite members of another vendor and lets no owner touch another team', async () => {
    const a = await vendorOwner(context.app, db());
    const b = await vendorOwner(context.app, db());
    const taken = await callAs(context.app, a.owner.cookie, 'POST', '/api/vendor/staff/invitations', {
      email: b.owner.email,
    });
    expect(taken.statusCode).toBe(409);
    const staffOfB = await vendorStaff(context.app, db(), b.vendor.id);
    expect(
      (await callAs(context.app, a.owner.cookie, 'DELETE', `/api/vendor/staff/members/${staffOfB.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await callAs(context.app, a.owner.cookie, 'POST', '/api/vendor/staff/invitations', { email: 'not-an-email' }))
        .statusCode,
    ).toBe(400);
  });

  it('changes the password with the current one', async () => {
    const owner = await signUpUser(context.app, { password: 'old-password-1' });
    await createVendor(db(), { ownerUserId: owner.id });
    const wrong = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/account/password', {
      currentPassword: 'nope-nope',
      newPassword: 'new-password-2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Your current password is not correct.');
    const weak = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/account/password', {
      currentPassword: 'old-password-1',
      newPassword: '123',
    });
    expect(weak.json().error.message).toContain('Password should be at least 6 characters long.');
    const ok = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/account/password', {
      currentPassword: 'old-password-1',
      newPassword: 'new-password-2',
    });
    expect(ok.statusCode).toBe(200);
    const signIn = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      payload: { email: owner.email, password: 'new-password-2' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('downloads the business data and closes the account, keeping the data', async () => {
    const { owner, vendor } = await vendorOwner(context.app, db());
    const card = await createCard(db(), vendor.id, { name: 'Chai Card' });
    const customer = await signUpUser(context.app, { name: 'Ayesha', surname: 'Khan' });
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: customer.id,
      times: [context.clock.now()],
    });

    const exported = await callAs(context.app, owner.cookie, 'GET', '/api/vendor/account/export');
    expect(exported.headers['content-disposition']).toContain('attachment; filename="chaska-business-data-');
    const data = exported.json();
    expect(data.cards.map((c: { name: string }) => c.name)).toEqual(['Chai Card']);
    expect(data.customers[0]).toMatchObject({ name: 'Ayesha Khan', email: customer.email });
    expect(data.customers[0].stamps).toHaveLength(1);

    expect((await callAs(context.app, owner.cookie, 'POST', '/api/vendor/account/close', {})).statusCode).toBe(400);
    const closed = await callAs(context.app, owner.cookie, 'POST', '/api/vendor/account/close', { confirm: true });
    expect(closed.statusCode).toBe(200);
    const [row] = await db().select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row?.closedAt).not.toBeNull();
    expect(
      await db()
        .select()
        .from(loyaltyCards)
        .where(and(eq(loyaltyCards.vendorId, vendor.id), eq(loyaltyCards.status, 'active'))),
    ).toHaveLength(1);
    const change = await callAs(context.app, owner.cookie, 'POST', `/api/vendor/cards/${card.id}/pause`);
    expect(change.statusCode).toBe(403);
    expect(change.json().error.message).toBe('This vendor account is closed. Contact support to reopen it.');
    expect(
      (await callAs(context.app, owner.cookie, 'GET', '/api/vendor/dashboard')).json().vendor.closedAt,
    ).not.toBeNull();
  });
});
