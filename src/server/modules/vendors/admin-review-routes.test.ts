import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailMessages, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/two-factor-factory';
import { callAs } from './vendor-test-helpers';

describe('admin vendor review API', () => {
  const context = useTestApp();

  async function adminSession() {
    const admin = await signUpAdmin(context.app, context.database.db);
    return admin;
  }

  it('lists pending applications and approves one, e-mailing the owner and writing the audit log', async () => {
    const admin = await adminSession();
    const owner = await signUpUser(context.app);
    const vendor = await createVendor(context.database.db, {
      status: 'pending',
      ownerUserId: owner.id,
      businessName: 'Lahori Chai',
    });

    const list = await callAs(context.app, admin.cookie, 'GET', '/api/admin/vendor-applications');
    expect(list.json().applications.map((application: { id: string }) => application.id)).toContain(vendor.id);

    const response = await callAs(context.app, admin.cookie, 'POST', `/api/admin/vendors/${vendor.id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: vendor.id, status: 'approved' });

    const [row] = await context.database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row?.status).toBe('approved');
    const mails = await context.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, owner.email), eq(emailMessages.emailType, 'vendor_approved')));
    expect(mails).toHaveLength(1);
    const audit = await context.database.db.select().from(auditLog).where(eq(auditLog.targetId, vendor.id));
    expect(audit.map((entry) => entry.action)).toEqual(['vendor.approve']);
    expect(audit[0]?.actorEmail).toBe(admin.email);

    const again = await callAs(context.app, admin.cookie, 'POST', `/api/admin/vendors/${vendor.id}/reject`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This application is already approved.');
  });

  it('rejects with a reason that is saved and e-mailed', async () => {
    const admin = await adminSession();
    const owner = await signUpUser(context.app);
    const vendor = await createVendor(context.database.db, { status: 'pending', ownerUserId: owner.id });
    const response = await callAs(context.app, admin.cookie, 'POST', `/api/admin/vendors/${vendor.id}/reject`, {
      reason: 'Address could not be verified.',
    });
    expect(response.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Address could not be verified.' });
    const [mail] = await context.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, owner.email), eq(emailMessages.emailType, 'vendor_rejected')));
    expect(mail?.text).toContain('Reason: Address could not be verified.');
  });

  it('refuses customers, visitors, unknown and malformed ids', async () => {
    const customer = await signUpUser(context.app);
    const vendor = await createVendor(context.database.db, { status: 'pending' });
    const asCustomer = await callAs(context.app, customer.cookie, 'POST', `/api/admin/vendors/${vendor.id}/approve`);
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'POST', url: `/api/admin/vendors/${vendor.id}/approve` });
    expect(anonymous.statusCode).toBe(401);
    const admin = await adminSession();
    const unknown = await callAs(
      context.app,
      admin.cookie,
      'POST',
      '/api/admin/vendors/00000000-0000-4000-8000-000000000000/approve',
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await callAs(context.app, admin.cookie, 'POST', '/api/admin/vendors/not-a-uuid/approve');
    expect(malformed.statusCode).toBe(400);
    const [row] = await context.database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row?.status).toBe('pending');
  });
});
