import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planFor } from '@shared/billing/plans';
import { auditLog, emailMessages, vendorMembers, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser, uniqueEmail } from '@server/test/factories';
import { signUpAdmin, signUpVerifiedUser } from '@server/test/two-factor-factory';

const application = {
  business_name: 'Haveli Chai Spot',
  business_category: 'cafe',
  business_description: 'Doodh patti and parathas by the old city walls.',
  address: '14 Fort Road',
  city: 'Lahore',
  area: 'Walled City',
  phone: '+92 300 1112233',
  whatsapp: '+92 300 1112233',
  website: 'https://haveli-chai.example.pk',
  owner_name: 'Usman Tariq',
  owner_email: 'Usman.Tariq@Example.pk',
};

describe('vendor applications API', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  function apply(cookie: string | undefined, payload: Record<string, unknown>) {
    return context.app.inject({
      method: 'POST',
      url: '/api/vendor-applications',
      headers: cookie ? { cookie } : {},
      payload,
    });
  }

  function mine(cookie: string) {
    return context.app.inject({ method: 'GET', url: '/api/vendor-applications/mine', headers: { cookie } });
  }

  it('asks a visitor to sign in', async () => {
    expect((await apply(undefined, application)).statusCode).toBe(401);
  });

  it('refuses an account with neither a verified address nor a verified number, saying how to verify', async () => {
    const user = await signUpUser(context.app);
    const response = await apply(user.cookie, { ...application, business_name: 'Real Shop' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'contact_unverified',
      message: expect.stringContaining('Only an account with a verified e-mail address or mobile number can apply.'),
    });
    expect(await db().select().from(vendors).where(eq(vendors.businessName, 'Real Shop'))).toHaveLength(0);
    expect(await db().select().from(vendorMembers).where(eq(vendorMembers.userId, user.id))).toHaveLength(0);

    const urdu = await context.app.inject({
      method: 'POST',
      url: '/api/vendor-applications',
      headers: { cookie: user.cookie, 'accept-language': 'ur' },
      payload: application,
    });
    expect(urdu.json().error.message).toContain('صرف تصدیق شدہ ای میل ایڈریس یا موبائل نمبر والا اکاؤنٹ');
  });

  it('takes a verified mobile number instead of an address, and the review shows which was verified', async () => {
    const user = await signUpUser(context.app);
    const phoneNumber = '0303 7654321';
    await context.app.inject({
      method: 'POST',
      url: '/api/accounts/phone/code',
      headers: { cookie: user.cookie },
      payload: { phoneNumber, purpose: 'add_phone' },
    });
    const code = context.texts.sent.at(-1)!.code;
    const added = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/phone/add',
      headers: { cookie: user.cookie },
      payload: { phoneNumber, code },
    });
    expect(added.statusCode, added.body).toBe(200);
    const response = await apply(user.cookie, { ...application, business_name: 'Phone Proven Paan' });
    expect(response.statusCode, response.body).toBe(201);

    const verified = await signUpVerifiedUser(context.app, db());
    const byEmail = await apply(verified.cookie, { ...application, business_name: 'Mail Proven Mithai' });
    expect(byEmail.statusCode).toBe(201);
    // One that applied before the rule, unverified: the review says so.
    const old = await signUpUser(context.app);
    await createVendor(db(), { businessName: 'Applied Before', status: 'pending', ownerUserId: old.id });

    const admin = await signUpAdmin(context.app, db(), { name: 'Platform', surname: 'Admin' });
    const queue = await context.app.inject({
      method: 'GET',
      url: '/api/admin/vendor-applications',
      headers: { cookie: admin.cookie },
    });
    const state = (name: string) => {
      const row = (
        queue.json().applications as Array<{
          businessName: string;
          applicantEmailVerified: boolean;
          applicantPhoneVerified: boolean;
        }>
      ).find((listed) => listed.businessName === name);
      return row && [row.applicantEmailVerified, row.applicantPhoneVerified];
    };
    expect(state('Phone Proven Paan')).toEqual([false, true]);
    expect(state('Mail Proven Mithai')).toEqual([true, false]);
    expect(state('Applied Before')).toEqual([false, false]);
  });

  it('creates a pending starter vendor owned by the applicant and e-mails the applicant', async () => {
    const user = await signUpVerifiedUser(context.app, db());
    const response = await apply(user.cookie, application);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ slug: 'haveli-chai-spot-lahore', status: 'pending' });

    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, created.vendorId));
    expect(vendor).toMatchObject({
      businessName: 'Haveli Chai Spot',
      businessCategory: 'cafe',
      city: 'Lahore',
      area: 'Walled City',
      whatsapp: '+92 300 1112233',
      website: 'https://haveli-chai.example.pk',
      status: 'pending',
      subscriptionPlan: 'starter',
      subscriptionStatus: 'inactive',
      planLimits: planFor('starter').limits,
      openingHours: null,
      logo: '☕',
    });
    const [member] = await db().select().from(vendorMembers).where(eq(vendorMembers.userId, user.id));
    expect(member).toMatchObject({ vendorId: created.vendorId, role: 'owner' });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vendor.apply'), eq(auditLog.targetId, created.vendorId)));
    expect(audit?.actorUserId).toBe(user.id);

    const emails = await db()
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, user.email), eq(emailMessages.emailType, 'vendor_application')));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.userId).toBe(user.id);
    expect(emails[0]?.text).toContain('within 24-48 hours');
    expect(emails[0]?.subject).toContain('Haveli Chai Spot');

    const status = await mine(user.cookie);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ status: 'pending', businessName: 'Haveli Chai Spot', rejectionReason: null });
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().user.membership).toMatchObject({ vendorStatus: 'pending', role: 'owner' });

    // Not public until approved.
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/marketplace/vendors/haveli-chai-spot-lahore' })).statusCode,
    ).toBe(404);
  });

  it('never e-mails the owner email address someone typed: only the signed-in applicant gets mail', async () => {
    const applicant = await signUpVerifiedUser(context.app, db());
    const stranger = uniqueEmail('stranger');
    const response = await apply(applicant.cookie, {
      ...application,
      business_name: 'Free Crypto, click https://evil.example',
      owner_name: 'Visit https://evil.example now',
      owner_email: stranger,
    });
    expect(response.statusCode, response.body).toBe(201);
    const vendorId = response.json().vendorId as string;
    // The address stays a contact field the review team can read.
    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, vendorId));
    expect(vendor?.contactEmail).toBe(stranger);

    // The admin's decision goes to the applicant's account too.
    const admin = await signUpAdmin(context.app, db(), { name: 'Platform', surname: 'Admin' });
    const approved = await context.app.inject({
      method: 'POST',
      url: `/api/admin/vendors/${vendorId}/approve`,
      headers: { cookie: admin.cookie },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    expect(await db().select().from(emailMessages).where(eq(emailMessages.toEmail, stranger))).toHaveLength(0);
    const sent = await db().select().from(emailMessages).where(eq(emailMessages.toEmail, applicant.email));
    expect(sent.map((email) => email.emailType).sort()).toEqual(
      expect.arrayContaining(['vendor_application', 'vendor_approved']),
    );
  });

  it('accepts the required fields alone and stores empty optional fields as null', async () => {
    const user = await signUpVerifiedUser(context.app, db());
    const { business_description: _d, whatsapp: _w, website: _s, ...required } = application;
    const response = await apply(user.cookie, {
      ...required,
      business_name: 'Minimal Bakers',
      business_category: 'bakery',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, response.json().vendorId));
    expect(vendor).toMatchObject({ businessDescription: null, whatsapp: null, website: null });
  });

  it('gives a second vendor of the same name and city its own address', async () => {
    const user = await signUpVerifiedUser(context.app, db());
    const response = await apply(user.cookie, application);
    expect(response.statusCode).toBe(201);
    expect(response.json().slug).toBe('haveli-chai-spot-lahore-2');
  });

  it('refuses a second application from the same account', async () => {
    const user = await signUpVerifiedUser(context.app, db());
    expect((await apply(user.cookie, { ...application, business_name: 'First Try' })).statusCode).toBe(201);
    const second = await apply(user.cookie, { ...application, business_name: 'Second Try' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('already_vendor');
    expect(await db().select().from(vendors).where(eq(vendors.businessName, 'Second Try'))).toHaveLength(0);
  });

  it('creates one vendor when the same account submits several times at once', async () => {
    const user = await signUpVerifiedUser(context.app, db());
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, index) => apply(user.cookie, { ...application, business_name: `Rush ${index}` })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(3);
    expect(await db().select().from(vendorMembers).where(eq(vendorMembers.userId, user.id))).toHaveLength(1);
  });

  it('answers field-level errors for every missing required field', async () => {
    const user = await signUpVerifiedUser(context.app, db());
    const response = await apply(user.cookie, {});
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error;
    expect(fields).toMatchObject({
      business_name: 'Business name is required.',
      business_category: 'Please choose a business category.',
      address: 'Address is required.',
      city: 'Please choose a city from the list.',
      area: 'Area is required.',
      phone: 'Phone number is required.',
      owner_name: 'Owner name is required.',
      owner_email: 'Owner email is required.',
    });
    expect(fields).not.toHaveProperty('whatsapp');
    expect(fields).not.toHaveProperty('website');
    expect(fields).not.toHaveProperty('business_description');
  });

  it.each([
    ['city', 'Dubai', 'Please choose a city from the list.'],
    ['business_category', 'casino', 'Please choose a business category.'],
    ['phone', 'call me', 'Please enter a valid phone number, for example +92 300 1234567.'],
    ['whatsapp', '12', 'Please enter a valid phone number, for example +92 300 1234567.'],
    ['website', 'not a website', 'Please enter a website address, for example bilalkarahi.pk'],
    ['website', 'javascript:alert(1)', 'Please enter a website address, for example bilalkarahi.pk'],
    ['owner_email', 'usman@', 'Please enter a valid email address.'],
    ['business_name', '   ', 'Business name is required.'],
  ])('refuses %s = %j with its message and creates nothing', async (field, value, message) => {
    const user = await signUpVerifiedUser(context.app, db());
    const response = await apply(user.cookie, { ...application, business_name: `Invalid ${field}`, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await db().select().from(vendorMembers).where(eq(vendorMembers.userId, user.id))).toHaveLength(0);
  });

  it('takes a website typed without https:// and stores it with the scheme', async () => {
    const user = await signUpVerifiedUser(context.app, db());
    const response = await apply(user.cookie, {
      ...application,
      business_name: 'Bilal Karahi',
      website: 'bilalkarahi.pk',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, response.json().vendorId));
    expect(vendor?.website).toBe('https://bilalkarahi.pk');
  });

  describe('GET /api/vendor-applications/mine', () => {
    it('is null for a customer who never applied', async () => {
      const user = await signUpVerifiedUser(context.app, db());
      const response = await mine(user.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBeNull();
    });

    it('shows a rejection with its reason', async () => {
      const user = await signUpVerifiedUser(context.app, db());
      const vendor = await createVendor(db(), {
        businessName: 'Turned Down',
        status: 'rejected',
        ownerUserId: user.id,
      });
      await db()
        .update(vendors)
        .set({ rejectionReason: 'The address could not be verified.' })
        .where(eq(vendors.id, vendor.id));
      expect((await mine(user.cookie)).json()).toMatchObject({
        status: 'rejected',
        businessName: 'Turned Down',
        rejectionReason: 'The address could not be verified.',
      });
    });

    it('is null for staff, who did not apply themselves', async () => {
      const user = await signUpVerifiedUser(context.app, db());
      await createVendor(db(), { ownerUserId: user.id, memberRole: 'staff' });
      expect((await mine(user.cookie)).json()).toBeNull();
    });

    it('asks a visitor to sign in', async () => {
      const response = await context.app.inject({ method: 'GET', url: '/api/vendor-applications/mine' });
      expect(response.statusCode).toBe(401);
    });
  });
});
