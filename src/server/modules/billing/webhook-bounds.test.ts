import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, vendors, webhookEvents } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser } from '@server/test/factories';
import { postSandboxWebhook, safepaySignature, SAFEPAY_ENV, sandboxEvent } from './billing-test-helpers';
import { MAX_WEBHOOK_AMOUNT_PKR } from './webhook-bounds';
import { signUpAdmin } from '@server/test/two-factor-factory';

type Mutation = (event: ReturnType<typeof sandboxEvent>) => unknown;

/** Signed sandbox events whose values are out of bounds or of the wrong type, and the field each names. */
const REFUSED: Array<[string, string, Mutation]> = [
  ['an amount of 10^15', 'data.amount', (event) => ({ ...event, data: { ...event.data, amount: 1e15 } })],
  [
    'an amount beyond the integer column',
    'data.amount',
    (event) => ({ ...event, data: { ...event.data, amount: 2 ** 31 } }),
  ],
  [
    'an amount beyond the PKR bound',
    'data.amount',
    (event) => ({ ...event, data: { ...event.data, amount: MAX_WEBHOOK_AMOUNT_PKR + 1 } }),
  ],
  ['a negative amount', 'data.amount', (event) => ({ ...event, data: { ...event.data, amount: -1 } })],
  ['a fractional amount', 'data.amount', (event) => ({ ...event, data: { ...event.data, amount: 2500.5 } })],
  ['an amount as text', 'data.amount', (event) => ({ ...event, data: { ...event.data, amount: '2500' } })],
  ['a creation in year 0', 'created', (event) => ({ ...event, created: '0000-01-01T00:00:00Z' })],
  [
    'a period ending in 9999',
    'data.period_end',
    (event) => ({ ...event, data: { ...event.data, period_end: '9999-12-31T23:59:59Z' } }),
  ],
  ['a date that is not one', 'created', (event) => ({ ...event, created: 'yesterday' })],
  ['an unknown plan', 'data.plan_id', (event) => ({ ...event, data: { ...event.data, plan_id: 'gold' } })],
  [
    'a vendor id that is not a uuid',
    'data.vendor_id',
    (event) => ({ ...event, data: { ...event.data, vendor_id: 42 } }),
  ],
  ['a NUL in the event id', 'id', (event) => ({ ...event, id: 'evt_\u0000' })],
  [
    'a broken character in the billing details',
    'data.billing_details.cardBrand',
    (event) => ({ ...event, data: { ...event.data, billing_details: { cardBrand: 'Visa\uD800' } } }),
  ],
];

describe('signed webhooks with values out of bounds', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function vendor() {
    const owner = await signUpUser(context.app);
    return createVendor(db(), { ownerUserId: owner.id, plan: 'starter' });
  }

  it.each(REFUSED)(
    'refuses %s with a 400 naming %s, records the rejected delivery and changes nothing',
    async (_label, field, mutate) => {
      const target = await vendor();
      const rejectedBefore = await db().select().from(webhookEvents).where(eq(webhookEvents.status, 'rejected'));
      const event = mutate(
        sandboxEvent({
          type: 'checkout_completed',
          vendorId: target.id,
          planId: 'premium',
          created: new Date(),
          periodEnd: new Date(Date.now() + 86_400_000),
        }),
      );
      const body = JSON.stringify(event);

      const response = await postSandboxWebhook(context.app, context.config, body);

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('invalid_payload');
      expect(response.json().error.message).toContain(`Invalid webhook payload: ${field}: `);
      const [row] = await db().select().from(vendors).where(eq(vendors.id, target.id));
      expect(row).toMatchObject({ subscriptionPlan: 'starter', subscriptionReference: null });
      expect(await db().select().from(payments).where(eq(payments.vendorId, target.id))).toHaveLength(0);
      const known = new Set(rejectedBefore.map((delivery) => delivery.eventId));
      const rejected = (await db().select().from(webhookEvents).where(eq(webhookEvents.status, 'rejected'))).filter(
        (delivery) => !known.has(delivery.eventId),
      );
      expect(rejected).toHaveLength(1);
      expect(rejected[0]).toMatchObject({ provider: 'sandbox', eventType: 'checkout.completed' });
      expect(rejected[0]?.error).toContain(field);
    },
  );

  it('records a retried rejected body once, and a corrected event of the same id is still applied', async () => {
    const target = await vendor();
    const good = sandboxEvent({
      type: 'checkout_completed',
      vendorId: target.id,
      planId: 'standard',
      created: new Date(),
      periodEnd: new Date(Date.now() + 86_400_000),
    });
    const bad = JSON.stringify({ ...good, data: { ...good.data, amount: 1e15 } });

    expect((await postSandboxWebhook(context.app, context.config, bad)).statusCode).toBe(400);
    expect((await postSandboxWebhook(context.app, context.config, bad)).statusCode).toBe(400);
    const rejected = (await db().select().from(webhookEvents).where(eq(webhookEvents.status, 'rejected'))).filter(
      (delivery) => JSON.stringify(delivery.payload).includes(target.id),
    );
    expect(rejected).toHaveLength(1);

    const applied = await postSandboxWebhook(context.app, context.config, good);
    expect(applied.json()).toEqual({ received: true, outcome: 'applied' });
    const [row] = await db().select().from(vendors).where(eq(vendors.id, target.id));
    expect(row?.subscriptionPlan).toBe('standard');
  });

  it('shows the rejection to admins in the webhook deliveries', async () => {
    const target = await vendor();
    const event = sandboxEvent({ type: 'renewal_paid', vendorId: target.id, planId: 'starter', created: new Date() });
    await postSandboxWebhook(
      context.app,
      context.config,
      JSON.stringify({ ...event, data: { ...event.data, amount: -5 } }),
    );

    const admin = await signUpAdmin(context.app, db(), { name: 'Platform', surname: 'Admin' });
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/admin/webhook-deliveries',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().deliveries).toContainEqual(
      expect.objectContaining({
        provider: 'sandbox',
        eventType: 'renewal.paid',
        status: 'rejected',
        error: expect.stringContaining('data.amount'),
      }),
    );
  });

  it('records nothing for a body that is not signed', async () => {
    const before = (await db().select().from(webhookEvents)).length;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', data: { amount: 1e15 } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_signature');
    expect(await db().select().from(webhookEvents)).toHaveLength(before);
  });
});

describe('signed Safepay webhooks with values out of bounds', () => {
  const context = useTestApp(SAFEPAY_ENV);

  function post(body: unknown) {
    const raw = JSON.stringify(body);
    return context.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/safepay',
      headers: {
        'content-type': 'application/json',
        'x-sfpy-signature': safepaySignature(SAFEPAY_ENV.PAYMENT_WEBHOOK_SECRET, raw),
      },
      payload: raw,
    });
  }

  it.each([
    ['a creation date that is not one', 'created_at', { created_at: 'soon' }],
    ['a timestamp far before 2020', 'data.created_at', { data_created_at: -1e15 }],
    ['a next billing date in 9999', 'current_period_end_date', { current_period_end_date: '9999-01-01T00:00:00Z' }],
    ['a date of the wrong type', 'created_at', { created_at: { when: 'now' } }],
    ['a plan id we do not sell', 'plan_id', { plan_id: 'plan_gold_live' }],
    ['a reference naming an unknown plan', 'reference', { reference_plan: 'gold' }],
    // Without an event id of its own, the event is named by its subscription token.
    ['a NUL in the subscription token', 'id', { token: 'sub_\u0000' }],
  ])('refuses %s with a 400 naming %s and records it', async (_label, field, change: Record<string, unknown>) => {
    const owner = await signUpUser(context.app);
    const vendor = await createVendor(context.database.db, { ownerUserId: owner.id, plan: 'starter' });
    const body = {
      type: 'subscription.created',
      ...(change.created_at !== undefined ? { created_at: change.created_at } : {}),
      data: {
        token: change.token ?? `sub_${vendor.id}`,
        plan_id: change.plan_id ?? 'plan_premium_live',
        reference: `${vendor.id}:${(change.reference_plan as string | undefined) ?? 'premium'}`,
        current_period_end_date: change.current_period_end_date ?? '2030-01-01T00:00:00Z',
        ...(change.data_created_at !== undefined ? { created_at: change.data_created_at } : {}),
      },
    };

    const response = await post(body);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toContain(`Invalid webhook payload: ${field}: `);
    const [row] = await context.database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row?.subscriptionPlan).toBe('starter');
    const rejected = (
      await context.database.db.select().from(webhookEvents).where(eq(webhookEvents.status, 'rejected'))
    ).filter((delivery) => JSON.stringify(delivery.payload).includes(vendor.id));
    expect(rejected).toEqual([expect.objectContaining({ provider: 'safepay', eventType: 'subscription.created' })]);
  });
});
