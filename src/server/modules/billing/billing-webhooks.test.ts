import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailMessages, loyaltyCards, payments, vendors, webhookEvents } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { postSandboxWebhook, sandboxEvent, waitForEmail } from './billing-test-helpers';

const context = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
/** Event times follow the app's clock; only signatures (checked against the real time) do not. */
const now = () => context.clock.now().getTime();

async function ownerWithVendor(plan: 'starter' | 'standard' | 'premium' | 'enterprise' = 'starter') {
  const owner = await signUpUser(context.app);
  const vendor = await createVendor(context.database.db, { ownerUserId: owner.id, plan });
  return { owner, vendor };
}

async function vendorRow(id: string) {
  const [row] = await context.database.db.select().from(vendors).where(eq(vendors.id, id));
  return row!;
}

/** The sandbox's signed webhook for this event, posted as the sandbox would post it. */
function deliver(event: Parameters<typeof sandboxEvent>[0]) {
  return postSandboxWebhook(context.app, context.config, sandboxEvent(event));
}

async function paymentsOf(vendorId: string) {
  return context.database.db.select().from(payments).where(eq(payments.vendorId, vendorId));
}

describe('billing webhooks', () => {
  it('applies a completed checkout: plan, status, reference, next billing date, limits, details and a paid payment', async () => {
    const { vendor } = await ownerWithVendor();
    const periodEnd = new Date(now() + 30 * DAY);
    const event = sandboxEvent({
      type: 'checkout_completed',
      vendorId: vendor.id,
      planId: 'standard',
      created: new Date(now()),
      periodEnd,
      subscription: 'sub_abc',
    });

    const response = await postSandboxWebhook(context.app, context.config, event);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    const row = await vendorRow(vendor.id);
    expect(row.subscriptionPlan).toBe('standard');
    expect(row.subscriptionStatus).toBe('active');
    expect(row.subscriptionReference).toBe('sub_abc');
    expect(row.subscriptionUpdatedAt?.toISOString()).toBe(periodEnd.toISOString());
    expect(row.planLimits).toMatchObject({
      maxCards: 5,
      maxStampsPerMonth: 2000,
      analytics: 'advanced',
      apiAccess: false,
    });
    expect(row.billingDetails).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242' });
    const rows = await paymentsOf(vendor.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', amount: 5000, planId: 'standard', provider: 'sandbox' });
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { vendor } = await ownerWithVendor();
    const event = sandboxEvent({
      type: 'checkout_completed',
      vendorId: vendor.id,
      planId: 'premium',
      created: new Date(now()),
      periodEnd: new Date(now() + DAY),
    });

    const forged = await postSandboxWebhook(context.app, context.config, event, { secret: 'not-the-webhook-secret' });
    const stale = await postSandboxWebhook(context.app, context.config, event, {
      signedAt: new Date(Date.now() - 6 * 60 * 1000),
    });
    const unsigned = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    // The signature covers the raw bytes: the same JSON with other whitespace is not what was signed.
    const header = (await import('./sandbox-signature')).signSandboxPayload(
      context.config.payments.webhookSecret,
      JSON.stringify(event),
    );
    const reformatted = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': header },
      payload: JSON.stringify(event, null, 2),
    });

    for (const response of [forged, stale, unsigned, reformatted]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_signature');
    }
    expect((await vendorRow(vendor.id)).subscriptionPlan).toBe('starter');
    expect(await paymentsOf(vendor.id)).toHaveLength(0);
    const recorded = await context.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    expect(recorded).toHaveLength(0);
  });

  it('applies each event id once: a replay is acknowledged and ignored', async () => {
    const { vendor } = await ownerWithVendor();
    const event = sandboxEvent({
      type: 'renewal_paid',
      vendorId: vendor.id,
      planId: 'starter',
      created: new Date(now()),
      periodEnd: new Date(now() + 30 * DAY),
    });

    const first = await postSandboxWebhook(context.app, context.config, event);
    const replay = await postSandboxWebhook(context.app, context.config, event);

    expect(first.json().outcome).toBe('applied');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await paymentsOf(vendor.id)).toHaveLength(1);
  });

  it('never lets an older event overwrite a newer state, whatever order they arrive in', async () => {
    const { vendor } = await ownerWithVendor('standard');
    const t0 = new Date(now() - 60_000);
    const paid = sandboxEvent({
      type: 'renewal_paid',
      vendorId: vendor.id,
      planId: 'standard',
      created: new Date(t0.getTime() + 2000),
      periodEnd: new Date(now() + 30 * DAY),
    });
    const failed = sandboxEvent({
      type: 'payment_failed',
      vendorId: vendor.id,
      planId: 'standard',
      created: t0,
      periodEnd: new Date(now()),
    });

    // The retry succeeded after the failure, but the failure is delivered last.
    expect((await postSandboxWebhook(context.app, context.config, paid)).json().outcome).toBe('applied');
    const late = await postSandboxWebhook(context.app, context.config, failed);

    expect(late.statusCode).toBe(200);
    expect(late.json().outcome).toBe('stale');
    const row = await vendorRow(vendor.id);
    expect(row.subscriptionStatus).toBe('active');
    expect(row.subscriptionEventAt?.toISOString()).toBe(paid.created);
    // Both charges happened, so both are in the history.
    const rows = await paymentsOf(vendor.id);
    expect(rows.map((payment) => payment.status).sort()).toEqual(['failed', 'paid']);
  });

  it('marks a failed renewal past due and a cancellation canceled with no next billing date', async () => {
    const { vendor } = await ownerWithVendor();
    const start = now() - 10_000;
    const subscription = { vendorId: vendor.id, planId: 'premium', subscription: 'sub_p' } as const;
    const periodEnd = new Date(start + 30 * DAY);
    await deliver({ ...subscription, type: 'checkout_completed', created: new Date(start), periodEnd });
    await deliver({ ...subscription, type: 'payment_failed', created: new Date(start + 1000), periodEnd });
    expect((await vendorRow(vendor.id)).subscriptionStatus).toBe('past_due');

    await deliver({ ...subscription, type: 'canceled', created: new Date(start + 2000) });
    const row = await vendorRow(vendor.id);
    expect(row.subscriptionStatus).toBe('canceled');
    expect(row.subscriptionUpdatedAt).toBeNull();
    const statuses = (await paymentsOf(vendor.id)).map((payment) => payment.status).sort();
    expect(statuses).toEqual(['failed', 'paid']);
  });

  it('ignores a cancellation of a subscription the vendor has since replaced', async () => {
    const { vendor } = await ownerWithVendor();
    const start = now() - 10_000;
    const replaced = { vendorId: vendor.id, planId: 'standard', subscription: 'sub_old' } as const;
    const replacement = { vendorId: vendor.id, planId: 'premium', subscription: 'sub_new' } as const;
    const periodEnd = new Date(start + 30 * DAY);
    await deliver({ ...replaced, type: 'checkout_completed', created: new Date(start), periodEnd });
    await deliver({ ...replacement, type: 'checkout_completed', created: new Date(start + 1000), periodEnd });
    const cancelOld = await deliver({ ...replaced, type: 'canceled', created: new Date(start + 2000) });

    expect(cancelOld.json().outcome).toBe('stale');
    const row = await vendorRow(vendor.id);
    expect(row).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      subscriptionReference: 'sub_new',
    });
  });

  it('pauses the newest active cards beyond a downgraded limit and tells the owner by e-mail and on the billing page', async () => {
    const { owner, vendor } = await ownerWithVendor('premium');
    const db = context.database.db;
    const cards = [];
    for (const [index, name] of [
      'Chai Club',
      'Biryani Friday',
      'Karahi Nights',
      'Kulfi Card',
      'Paratha Mornings',
      'Lassi Lovers',
    ].entries()) {
      const card = await createCard(db, vendor.id, { name });
      // Distinct creation times make "newest" unambiguous.
      await db
        .update(loyaltyCards)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + index)) })
        .where(eq(loyaltyCards.id, card.id));
      cards.push(card);
    }
    await createCard(db, vendor.id, { name: 'Old draft', status: 'draft' });

    const response = await deliver({
      type: 'checkout_completed',
      vendorId: vendor.id,
      planId: 'standard',
      created: new Date(now()),
      periodEnd: new Date(now() + 30 * DAY),
    });

    expect(response.json().outcome).toBe('applied');
    const active = await db
      .select({ name: loyaltyCards.name })
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.vendorId, vendor.id), eq(loyaltyCards.status, 'active')));
    const paused = await db
      .select({ name: loyaltyCards.name })
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.vendorId, vendor.id), eq(loyaltyCards.status, 'paused')));
    expect(active.map((card) => card.name).sort()).toEqual([
      'Biryani Friday',
      'Chai Club',
      'Karahi Nights',
      'Kulfi Card',
      'Paratha Mornings',
    ]);
    expect(paused.map((card) => card.name)).toEqual(['Lassi Lovers']);

    // In the outbox with the change itself, beside the payment's receipt.
    const mail = await waitForEmail(db, owner.email, 'loyalty card paused');
    expect(mail.emailType).toBe('plan_change');
    expect(mail.text).toContain('Lassi Lovers');
    expect(mail.subject).toContain('1 loyalty card paused');
    const mails = await db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, owner.email), eq(emailMessages.emailType, 'plan_change')));
    expect(mails.filter((row) => row.subject.includes('paused'))).toHaveLength(1);

    const billing = await context.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: owner.cookie } });
    expect(billing.json().notice).toMatchObject({
      fromPlanName: 'Premium',
      toPlanName: 'Standard',
      pausedCards: [{ name: 'Lassi Lovers' }],
    });
  });

  it('holds a canceled vendor to starter limits and pauses cards beyond one', async () => {
    const { vendor } = await ownerWithVendor('standard');
    const db = context.database.db;
    const first = await createCard(db, vendor.id, { name: 'First' });
    await db
      .update(loyaltyCards)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(loyaltyCards.id, first.id));
    await createCard(db, vendor.id, { name: 'Second' });

    await deliver({ type: 'canceled', vendorId: vendor.id, planId: 'standard', created: new Date(now()) });

    const statuses = await db
      .select({ name: loyaltyCards.name, status: loyaltyCards.status })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.vendorId, vendor.id));
    expect(Object.fromEntries(statuses.map((card) => [card.name, card.status]))).toEqual({
      First: 'active',
      Second: 'paused',
    });
  });

  it('acknowledges an event it does not act on and refuses an unknown provider or a malformed body', async () => {
    const { vendor } = await ownerWithVendor();
    const other = {
      ...sandboxEvent({ type: 'renewal_paid', vendorId: vendor.id, planId: 'starter', created: new Date(now()) }),
      type: 'customer.updated',
    };
    const ignored = await postSandboxWebhook(context.app, context.config, other as never);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().outcome).toBe('ignored');

    const malformed = await postSandboxWebhook(context.app, context.config, '{"id": 1}');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toMatch(/^Invalid webhook payload: /);

    const unknownProvider = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/paypal',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unknownProvider.statusCode).toBe(404);
  });
});
