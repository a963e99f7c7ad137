import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/two-factor-factory';
import { runDueJobs } from '@server/background-jobs';

describe('GET /api/admin/emails', () => {
  const context = useTestApp();

  it('lists the outbox for admins, filtered by recipient', async () => {
    const admin = await signUpAdmin(context.app, context.database.db);
    const customer = await signUpUser(context.app);
    // The sign-up queued its e-mails; the job runner hands them to the transport.
    await runDueJobs(context.app);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/admin/emails?to=${encodeURIComponent(customer.email)}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.messages.map((message: { type: string }) => message.type).sort()).toEqual(['verification', 'welcome']);
    expect(
      body.messages.every(
        (message: { to: string; transport: string }) => message.to === customer.email && message.transport === 'outbox',
      ),
    ).toBe(true);
  });

  it('is refused to customers and visitors', async () => {
    const customer = await signUpUser(context.app);
    const asCustomer = await context.app.inject({
      method: 'GET',
      url: '/api/admin/emails',
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/admin/emails' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad page number', async () => {
    const admin = await signUpAdmin(context.app, context.database.db);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/admin/emails?page=0',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('page: page starts at 1');
  });
});
