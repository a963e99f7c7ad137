import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { payments, vendors, webhookEvents } from '@server/db/schema';
import { useTestApp, type TestContext } from '@server/test/build-test-app';
import { createVendor, signUpUser } from '@server/test/factories';
import { requestCheckout } from './billing-test-helpers';

/** A provider that answers every call with a server error. */
const failingProvider: Server = createServer((_request, response) => {
  response.writeHead(500, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message: 'Internal provider error' } }));
});
await new Promise<void>((resolve) => failingProvider.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => failingProvider.close(() => resolve())));
const failingPort = (failingProvider.address() as AddressInfo).port;

// Port 1 on loopback refuses connections: the provider is unreachable.
const unreachable = useTestApp({ PAYMENT_API_BASE: 'http://127.0.0.1:1/sandbox-pay/api' });
const refusing = useTestApp({ PAYMENT_API_BASE: `http://127.0.0.1:${failingPort}/api` });

async function ownerOf(context: TestContext) {
  const owner = await signUpUser(context.app);
  const vendor = await createVendor(context.database.db, { ownerUserId: owner.id, plan: 'starter' });
  return { owner, vendor };
}

async function snapshot(context: TestContext, vendorId: string) {
  const db = context.database.db;
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
  return {
    vendor,
    payments: await db.select().from(payments).where(eq(payments.vendorId, vendorId)),
    events: await db.select().from(webhookEvents),
  };
}

function checkout(context: TestContext, cookie: string, planId: unknown) {
  return requestCheckout(context.app, cookie, planId);
}

describe('checkout when the provider fails', () => {
  it('answers "Network error occurred" when the provider cannot be reached, and changes nothing', async () => {
    const { owner, vendor } = await ownerOf(unreachable);
    const before = await snapshot(unreachable, vendor.id);

    const response = await checkout(unreachable, owner.cookie, 'standard');

    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({ code: 'network_error', message: 'Network error occurred' });
    expect(await snapshot(unreachable, vendor.id)).toEqual(before);
  });

  it('answers "Failed to create checkout session" when the provider replies with an error, and changes nothing', async () => {
    const { owner, vendor } = await ownerOf(refusing);
    const before = await snapshot(refusing, vendor.id);

    const response = await checkout(refusing, owner.cookie, 'premium');

    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({
      code: 'checkout_failed',
      message: 'Failed to create checkout session',
    });
    expect(await snapshot(refusing, vendor.id)).toEqual(before);
  });

  it('refuses an unknown plan before calling the provider', async () => {
    const { owner } = await ownerOf(refusing);
    for (const planId of ['gold', '', null, 42, undefined]) {
      const response = await checkout(refusing, owner.cookie, planId);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Invalid subscription plan');
    }
  });
});
