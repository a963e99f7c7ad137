import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailMessages, vendorApplicationHistory, vendorMembers, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, type SignedInUser } from '@server/test/factories';
import { signUpAdmin, signUpVerifiedUser } from '@server/test/two-factor-factory';

const firstApplication = {
  business_name: 'Gawalmandi Halwa',
  business_category: 'sweets',
  business_description: 'Desi ghee halwa since 1962.',
  address: '3 Food Street',
  city: 'Lahore',
  area: 'Gawalmandi',
  phone: '+92 300 4445566',
  whatsapp: '',
  website: '',
  owner_name: 'Bilal Akram',
  owner_email: 'bilal@example.pk',
};

describe('applying again after a rejection', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  let admin: SignedInUser;

  const apply = (cookie: string, payload: Record<string, unknown>) =>
    context.app.inject({ method: 'POST', url: '/api/vendor-applications', headers: { cookie }, payload });
  const mine = (cookie: string) =>
    context.app.inject({ method: 'GET', url: '/api/vendor-applications/mine', headers: { cookie } });
  const reject = (vendorId: string, reason?: string) =>
    context.app.inject({
      method: 'POST',
      url: `/api/admin/vendors/${vendorId}/reject`,
      headers: { cookie: admin.cookie },
      payload: reason ? { reason } : {},
    });
  const queue = async () =>
    (
      await context.app.inject({
        method: 'GET',
        url: '/api/admin/vendor-applications',
        headers: { cookie: admin.cookie },
      })
    ).json().applications as Array<{
      id: string;
      businessName: string;
      appliedAt: string;
      previousApplications: Array<Record<string, unknown>>;
    }>;

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, db(), { name: 'Platform', surname: 'Admin' });
  });

  it('lets a rejected applicant apply again: the new application is pending in the queue and the old one is history', async () => {
    const applicant = await signUpVerifiedUser(context.app, db());
    const first = await apply(applicant.cookie, firstApplication);
    expect(first.statusCode, first.body).toBe(201);
    const vendorId = first.json().vendorId as string;
    expect((await reject(vendorId, 'Please send a photo of the shop front.')).statusCode).toBe(200);

    // /vendor-applications/mine says why, and carries the earlier form to prefill the new one.
    expect((await mine(applicant.cookie)).json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please send a photo of the shop front.',
      application: { ...firstApplication, business_category: 'sweets' },
    });

    context.clock.advance(2 * 24 * 60 * 60 * 1000);
    const second = await apply(applicant.cookie, {
      ...firstApplication,
      business_name: 'Gawalmandi Halwa House',
      area: 'Food Street',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ vendorId, status: 'pending' });

    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, vendorId));
    expect(vendor).toMatchObject({
      status: 'pending',
      businessName: 'Gawalmandi Halwa House',
      area: 'Food Street',
      rejectionReason: null,
      reviewedAt: null,
    });
    expect(vendor?.createdAt.toISOString()).toBe(context.clock.now().toISOString());
    expect(await db().select().from(vendorMembers).where(eq(vendorMembers.userId, applicant.id))).toHaveLength(1);

    const history = await db()
      .select()
      .from(vendorApplicationHistory)
      .where(eq(vendorApplicationHistory.vendorId, vendorId));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Please send a photo of the shop front.' });
    expect(history[0]?.application).toMatchObject({
      business_name: 'Gawalmandi Halwa',
      area: 'Gawalmandi',
      owner_email: 'bilal@example.pk',
    });

    // The admin queue lists it like a new application, with the earlier one beside it.
    const listed = (await queue()).find((application) => application.id === vendorId);
    expect(listed).toMatchObject({
      businessName: 'Gawalmandi Halwa House',
      appliedAt: context.clock.now().toISOString(),
    });
    expect(listed?.previousApplications).toEqual([
      expect.objectContaining({
        businessName: 'Gawalmandi Halwa',
        area: 'Gawalmandi',
        status: 'rejected',
        rejectionReason: 'Please send a photo of the shop front.',
      }),
    ]);

    // Applied again, it is pending: no prefill any more, and a third application is refused.
    expect((await mine(applicant.cookie)).json()).toMatchObject({ status: 'pending', application: null });
    const third = await apply(applicant.cookie, firstApplication);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('already_vendor');

    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, vendorId))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['vendor.apply', 'vendor.reject', 'vendor.reapply']));
    const mails = await db().select().from(emailMessages).where(eq(emailMessages.toEmail, applicant.email));
    expect(mails.filter((mail) => mail.emailType === 'vendor_application')).toHaveLength(2);
  });

  it('keeps every rejected application when it happens twice', async () => {
    const applicant = await signUpVerifiedUser(context.app, db());
    const vendorId = (await apply(applicant.cookie, firstApplication)).json().vendorId as string;
    await reject(vendorId, 'First reason.');
    context.clock.advance(60_000);
    await apply(applicant.cookie, { ...firstApplication, business_name: 'Second Try Sweets' });
    await reject(vendorId);
    context.clock.advance(60_000);
    expect((await apply(applicant.cookie, { ...firstApplication, business_name: 'Third Try Sweets' })).statusCode).toBe(
      201,
    );
    const listed = (await queue()).find((application) => application.id === vendorId);
    expect(listed?.previousApplications.map((previous) => [previous.businessName, previous.rejectionReason])).toEqual([
      ['Gawalmandi Halwa', 'First reason.'],
      ['Second Try Sweets', null],
    ]);
  });

  it('still refuses a pending or approved applicant, and a suspended vendor, with the existing message', async () => {
    for (const status of ['pending', 'approved', 'suspended'] as const) {
      const owner = await signUpVerifiedUser(context.app, db());
      await createVendor(db(), { status, ownerUserId: owner.id });
      const response = await apply(owner.cookie, firstApplication);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'already_vendor',
        message:
          'This account already has a vendor application or vendor account. Open your vendor dashboard to see it.',
      });
    }
  });

  it('refuses staff of a rejected vendor: only its owner applied', async () => {
    const staff = await signUpVerifiedUser(context.app, db());
    const vendor = await createVendor(db(), { status: 'rejected', ownerUserId: staff.id, memberRole: 'staff' });
    expect((await apply(staff.cookie, firstApplication)).statusCode).toBe(409);
    expect(
      await db().select().from(vendorApplicationHistory).where(eq(vendorApplicationHistory.vendorId, vendor.id)),
    ).toHaveLength(0);
  });

  it('checks the new application like the first: bad fields change nothing', async () => {
    const applicant = await signUpVerifiedUser(context.app, db());
    const vendorId = (await apply(applicant.cookie, firstApplication)).json().vendorId as string;
    await reject(vendorId);
    const bad = await apply(applicant.cookie, { ...firstApplication, phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('phone');
    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, vendorId));
    expect(vendor?.status).toBe('rejected');
    expect(
      await db().select().from(vendorApplicationHistory).where(eq(vendorApplicationHistory.vendorId, vendorId)),
    ).toHaveLength(0);
  });
});
