import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, webhookEvents } from '@server/db/schema';
import { hashToken } from '@server/lib/signing';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';

describe('API Integrations and e-mail logs API', () => {
  const context = useTestApp();
  let admin: SignedInUser;
  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, context.database.db);
  });

  it('shows the payment provider, e-mail transport and webhook address without secrets, and recent deliveries', async () => {
    await context.database.db.insert(webhookEvents).values({
      provider: 'sandbox',
      eventId: 'evt_1',
      eventType: 'checkout.completed',
      payload: {},
      status: 'processed',
    });
    const integrations = (await call('GET', '/api/admin/integrations')).json();
    expect(integrations).toMatchObject({
      payments: { provider: 'sandbox', name: 'Sandbox checkout (built in)' },
      email: { transport: 'outbox', from: 'Chaska <no-reply@chaska.pk>', host: null },
      webhook: { url: 'http://localhost:3000/api/billing/webhooks/sandbox' },
      // Without their keys the Wallet buttons are off, and the page says what to set.
      wallet: {
        apple: {
          configured: false,
          missing: ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'],
          webServiceUrl: 'http://localhost:3000/api/wallet/apple',
        },
        google: { configured: false, missing: ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] },
      },
    });
    expect(JSON.stringify(integrations)).not.toContain(context.config.payments.webhookSecret);
    const deliveries = (await call('GET', '/api/admin/webhook-deliveries')).json().deliveries;
    expect(deliveries).toEqual([
      expect.objectContaining({ eventId: 'evt_1', eventType: 'checkout.completed', status: 'processed' }),
    ]);
  });

  it('creates API keys for enterprise vendors only, shows each key once, stores its hash, and revokes it', async () => {
    const enterprise = await createVendor(context.database.db, { plan: 'enterprise', businessName: 'Big Chain' });
    const starter = await createVendor(context.database.db, { plan: 'starter' });
    const created = await call('POST', '/api/admin/api-keys', { vendorId: enterprise.id, name: 'POS integration' });
    expect(created.statusCode).toBe(201);
    const { key, apiKey } = created.json();
    expect(key).toMatch(/^chk_live_[A-Za-z0-9_-]{32}$/);
    expect(apiKey).toMatchObject({
      vendorName: 'Big Chain',
      name: 'POS integration',
      prefix: key.slice(0, 15),
      revokedAt: null,
    });
    const [stored] = await context.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(stored?.keyHash).toBe(hashToken(key));
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(JSON.stringify((await call('GET', '/api/admin/api-keys')).json())).not.toContain(key);

    const refused = await call('POST', '/api/admin/api-keys', { vendorId: starter.id, name: 'Nope' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('API keys are for vendors on the Enterprise plan.');
    expect((await call('POST', '/api/admin/api-keys', { vendorId: enterprise.id, name: '' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/admin/api-keys', { vendorId: '00000000-0000-4000-8000-000000000000', name: 'x' }))
        .statusCode,
    ).toBe(404);

    const revoked = await call('POST', `/api/admin/api-keys/${apiKey.id}/revoke`);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await call('POST', `/api/admin/api-keys/${apiKey.id}/revoke`)).statusCode).toBe(409);
  });

  it('lists email_logs, searchable by recipient', async () => {
    const customer = await signUpUser(context.app);
    const logs = (await call('GET', `/api/admin/email-logs?search=${encodeURIComponent(customer.email)}`)).json();
    expect(logs.total).toBe(2);
    expect(logs.logs.map((log: { emailType: string }) => log.emailType).sort()).toEqual(['verification', 'welcome']);
    expect((await call('GET', '/api/admin/email-logs?status=bounced')).statusCode).toBe(400);
  });
});
