import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailMessages, payments, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { collectWith, counterCodeFor, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { recordStamps } from '@server/modules/vendors/vendor-test-helpers';
import { signUpAdmin } from '@server/test/admin-test-helpers';

describe('Vendors Management API', () => {
  const context = useTestApp();
  let admin: SignedInUser;
  const get = (url: string) => context.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
  const post = (url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, context.database.db);
  });

  it('filters by status, category and plan, searches name, e-mail and category, and pages on the server', async () => {
    const db = context.database.db;
    const owner = await signUpUser(context.app, { email: 'owner.sajji@example.pk' });
    await createVendor(db, {
      businessName: 'Sajji Point',
      businessCategory: 'restaurant',
      plan: 'premium',
      ownerUserId: owner.id,
    });
    await createVendor(db, { businessName: 'Chai Khana', businessCategory: 'cafe', plan: 'starter' });
    await createVendor(db, { businessName: 'Halwa Hub', businessCategory: 'sweets', status: 'suspended' });
    await createVendor(db, { businessName: 'Pending Paratha', status: 'pending' });

    const names = async (query: string) =>
      (await get(`/api/admin/vendors?${query}`))
        .json()
        .vendors.map((vendor: { businessName: string }) => vendor.businessName);
    expect(await names('status=suspended')).toEqual(['Halwa Hub']);
    expect(await names('status=pending&search=paratha')).toEqual(['Pending Paratha']);
    expect(await names('category=cafe')).toEqual(['Chai Khana']);
    expect(await names('plan=premium&status=approved')).toEqual(['Sajji Point']);
    expect(await names('search=owner.sajji')).toEqual(['Sajji Point']);
    expect(await names('search=caf%C3%A9')).toEqual(['Chai Khana']);
    expect(await names('search=100%25')).toEqual([]);

    const first = (await get('/api/admin/vendors?pageSize=2&page=1')).json();
    const second = (await get('/api/admin/vendors?pageSize=2&page=2')).json();
    expect(first.total).toBe(4);
    expect(first.vendors).toHaveLength(2);
    expect(second.vendors).toHaveLength(2);
    expect(new Set([...first.vendors, ...second.vendors].map((vendor: { id: string }) => vendor.id)).size).toBe(4);

    expect((await get('/api/admin/vendors?status=closed')).statusCode).toBe(400);
    expect((await get('/api/admin/vendors?pageSize=500')).statusCode).toBe(400);
  });

  it('shows active cards, customers and revenue per vendor, the four tiles, and a CSV of what the filters match', async () => {
    const db = context.database.db;
    const vendor = await createVendor(db, { businessName: 'Figures Foods', plan: 'standard' });
    const card = await createCard(db, vendor.id);
    await createCard(db, vendor.id, { status: 'paused' });
    const customer = await signUpUser(context.app);
    await recordStamps(db, { vendorId: vendor.id, cardId: card.id, userId: customer.id, times: [context.clock.now()] });
    await db.insert(payments).values({
      vendorId: vendor.id,
      provider: 'sandbox',
      providerReference: 'ref-figures',
      planId: 'standard',
      amount: 5000,
      status: 'paid',
    });

    const [row] = (await get('/api/admin/vendors?search=Figures')).json().vendors;
    expect(row).toMatchObject({
      businessName: 'Figures Foods',
      plan: 'standard',
      status: 'approved',
      activeCards: 1,
      users: 1,
      revenue: 5000,
    });

    const summary = (await get('/api/admin/vendors/summary')).json();
    expect(summary).toMatchObject({ pendingApplications: 1, monthlyRevenue: 5000 });
    expect(summary.totalVendors).toBe(5);
    expect(summary.activeVendors).toBe(3);

    const csv = await get('/api/admin/vendors/export.csv?status=approved&search=Figures');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="chaska-vendors-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Vendor,Category,City,Area,Contact e-mail,Plan,Subscription,Active Cards,Users,Revenue (PKR),Status,Joined',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Figures Foods,Restaurant,Lahore,Gulberg,,Standard,active,1,1,5000,Active,');
  });

  it('shows one vendor, and lets an admin edit its profile with validation and an audit entry', async () => {
    const owner = await signUpUser(context.app, { name: 'Sana', surname: 'Mir' });
    const vendor = await createVendor(context.database.db, { businessName: 'Edit Me', ownerUserId: owner.id });
    const detail = (await get(`/api/admin/vendors/${vendor.id}`)).json();
    expect(detail).toMatchObject({
      businessName: 'Edit Me',
      owner: { id: owner.id, name: 'Sana Mir', email: owner.email },
      contactEmail: owner.email,
    });
    expect((await get('/api/admin/vendors/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/vendors/nope')).statusCode).toBe(400);

    const edit = {
      businessName: 'Edited Eatery',
      businessCategory: 'bakery',
      phone: '+92 321 7654321',
      address: '9 Jail Road',
      city: 'Lahore',
      area: 'Shadman',
    };
    const bad = await context.app.inject({
      method: 'PATCH',
      url: `/api/admin/vendors/${vendor.id}`,
      headers: { cookie: admin.cookie },
      payload: { ...edit, phone: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.phone).toBe('Please enter a valid phone number, for example +92 300 1234567.');
    const saved = await context.app.inject({
      method: 'PATCH',
      url: `/api/admin/vendors/${vendor.id}`,
      headers: { cookie: admin.cookie },
      payload: edit,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ businessName: 'Edited Eatery', businessCategory: 'bakery', area: 'Shadman' });
    const [entry] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, vendor.id), eq(auditLog.action, 'vendor.admin_update')));
    expect(entry?.actorEmail).toBe(admin.email);
    expect(entry?.metadata.changed).toEqual(['businessName', 'businessCategory', 'phone', 'address', 'area']);
  });

  it('suspends a vendor: it and its cards leave the public pages and it cannot stamp; unsuspend brings it back', async () => {
    const setup = await setUpVendorWithCard(context.app, context.database.db);
    const customer = await signUpUser(context.app);
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const publicVendorSlugs = async () =>
      (await context.app.inject({ method: 'GET', url: '/api/marketplace/vendors?limit=48' }))
        .json()
        .vendors.map((vendor: { slug: string }) => vendor.slug);
    const publicCardIds = async () =>
      (await context.app.inject({ method: 'GET', url: '/api/marketplace/cards?limit=48' }))
        .json()
        .cards.map((card: { id: string }) => card.id);
    expect(await publicVendorSlugs()).toContain(setup.vendor.slug);
    expect(await publicCardIds()).toContain(setup.card.id);

    expect((await post(`/api/admin/vendors/${setup.vendor.id}/suspend`, { reason: ' ' })).statusCode).toBe(400);
    const suspended = await post(`/api/admin/vendors/${setup.vendor.id}/suspend`, {
      reason: 'Repeated customer complaints.',
    });
    expect(suspended.json()).toMatchObject({ status: 'suspended' });
    const [row] = await context.database.db.select().from(vendors).where(eq(vendors.id, setup.vendor.id));
    expect(row?.suspensionReason).toBe('Repeated customer complaints.');

    expect(await publicVendorSlugs()).not.toContain(setup.vendor.slug);
    expect(await publicCardIds()).not.toContain(setup.card.id);
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/marketplace/vendors/${setup.vendor.slug}` })).statusCode,
    ).toBe(404);
    // A code minted before the suspension no longer stamps, and no new code can be minted.
    const refused = await collectWith(context.app, customer.cookie, code.qrPayload);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const mint = await context.app.inject({
      method: 'POST',
      url: `/api/vendor/cards/${setup.card.id}/counter-code`,
      headers: { cookie: setup.owner.cookie },
    });
    expect(mint.statusCode).toBe(403);

    const [mail] = await context.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, setup.owner.email), eq(emailMessages.emailType, 'vendor_moderation')));
    expect(mail?.text).toContain('Reason: Repeated customer complaints.');
    expect((await post(`/api/admin/vendors/${setup.vendor.id}/suspend`, { reason: 'Again' })).statusCode).toBe(409);

    const back = await post(`/api/admin/vendors/${setup.vendor.id}/unsuspend`);
    expect(back.json()).toMatchObject({ status: 'approved' });
    expect(await publicVendorSlugs()).toContain(setup.vendor.slug);
    expect(await publicCardIds()).toContain(setup.card.id);
    expect((await post(`/api/admin/vendors/${setup.vendor.id}/unsuspend`)).statusCode).toBe(409);
    const actions = (
      await context.database.db.select().from(auditLog).where(eq(auditLog.targetId, setup.vendor.id))
    ).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['vendor.suspend', 'vendor.unsuspend']));
    expect(
      (await post('/api/admin/vendors/00000000-0000-4000-8000-000000000000/suspend', { reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('invites a business by e-mail with a link to the vendor application form', async () => {
    const response = await post('/api/admin/vendor-invitations', {
      email: 'Owner@NewShop.pk',
      name: 'Kamran',
      message: 'We loved your nihari.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'owner@newshop.pk', outcome: 'queued' });
    const [mail] = await context.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toEmail, 'owner@newshop.pk'));
    expect(mail).toMatchObject({ emailType: 'vendor_invite' });
    expect(mail?.text).toContain('http://localhost:3000/vendor-signup');
    expect(mail?.text).toContain('We loved your nihari.');
    expect((await post('/api/admin/vendor-invitations', { email: 'not-an-email' })).statusCode).toBe(400);
  });
});
