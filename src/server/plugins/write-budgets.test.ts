import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';

/**
 * A route's declared budget (config.budget) is enforced before its handler: "send test event"
 * once relayed 40 signed POSTs to a vendor's endpoint in 1.3 s. Its budget is 5 a minute per vendor.
 */
describe('write budgets', () => {
  // Budgets count as declared at the default RATE_LIMIT_MAX (the other tests raise it, and them with it).
  const context = useTestApp({ RATE_LIMIT_MAX: '10' });
  const db = () => context.database.db;

  async function vendorWithEndpoint() {
    const setup = await setUpVendorWithCard(context.app, db(), { plan: 'enterprise' });
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/vendor/api/webhooks',
      headers: { cookie: setup.owner.cookie },
      payload: { url: 'http://127.0.0.1:9/hooks', description: 'Till', events: ['stamp.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { cookie: setup.owner.cookie, endpointId: created.json().endpoint.id as string };
  }

  const sendTest = (cookie: string, endpointId: string) =>
    context.app.inject({ method: 'POST', url: `/api/vendor/api/webhooks/${endpointId}/test`, headers: { cookie } });

  it('answers 429 with Retry-After past the budget, counts per vendor, and opens again with the next window', async () => {
    const vendor = await vendorWithEndpoint();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const accepted = await sendTest(vendor.cookie, vendor.endpointId);
      expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    }
    const refused = await sendTest(vendor.cookie, vendor.endpointId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another vendor has its own budget.
    const other = await vendorWithEndpoint();
    expect((await sendTest(other.cookie, other.endpointId)).statusCode).toBeLessThan(300);

    context.clock.advance(61_000);
    expect((await sendTest(vendor.cookie, vendor.endpointId)).statusCode).toBeLessThan(300);
  });

  it('does not count bad input, which is refused first and changes nothing', async () => {
    const vendor = await vendorWithEndpoint();
    for (let attempt = 0; attempt < 8; attempt += 1)
      expect((await sendTest(vendor.cookie, 'not-an-id')).statusCode).toBe(400);
    expect((await sendTest(vendor.cookie, vendor.endpointId)).statusCode).toBeLessThan(300);
  });
});
