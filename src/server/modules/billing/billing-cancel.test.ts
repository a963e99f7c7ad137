import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { Config } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { emailMessages, loyaltyCards, payments, vendors, webhookEvents } from '@server/db/schema';
import { testConfig } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { freePort } from '@server/test/local-process';
import { TestClock } from '@server/test/test-clock';
import { createTestDatabase } from '@server/test/test-database';
import { signUpAdmin } from '@server/test/two-factor-factory';
import { callAs, vendorStaff } from '@server/modules/vendors/vendor-test-helpers';
import { pdfText, postSandboxWebhook, sandboxEvent, waitForEmail } from './billing-test-helpers';
import { settleEndedPeriods } from './settle-period-end';

/**
 * Cancel, resume, downgrade, receipts and Close Account over real HTTP: the app asks the sandbox
 * provider at PAYMENT_API_BASE, and the sandbox confirms with a signed webhook to PUBLIC_URL. The
 * app's clock is a TestClock; the end of a paid period is reached by moving it.
 */
let app: FastifyInstance;
let database: DatabaseHandle;
let config: Config;
// Notices and receipts are read with their dates, so the paid period starts at a fixed instant
// (a Wednesday, 12:30 in Pakistan) rather than wherever TEST_CLOCK_START puts other suites.
const clock = new TestClock(new Date('2026-03-11T07:30:00.000Z'));
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  const port = await freePort();
  config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  database = await createTestDatabase();
  app = await buildApp({ config, database, logger: false, clock });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const db = () => database.db;
const billingMail = () => ({ email: app.deps.email, publicUrl: app.deps.config.publicUrl });

/** An owner whose vendor pays for Premium through the sandbox, paid until 30 days from now. */
async function subscribedOwner(plan: 'standard' | 'premium' = 'premium') {
  const owner = await signUpUser(app);
  const vendor = await createVendor(db(), {
    ownerUserId: owner.id,
    plan: 'starter',
    businessName: `Karachi Chai ${owner.id.slice(0, 6)}`,
  });
  const periodEnd = new Date(clock.now().getTime() + 30 * DAY);
  const reference = `sub_${vendor.id.slice(0, 8)}`;
  const paid = sandboxEvent({
    type: 'checkout_completed',
    vendorId: vendor.id,
    planId: plan,
    created: clock.now(),
    periodEnd,
    subscription: reference,
  });
  expect((await postSandboxWebhook(app, config, paid)).json()).toEqual({ received: true, outcome: 'applied' });
  return { owner, vendor, periodEnd, reference };
}

async function vendorRow(id: string) {
  const [row] = await db().select().from(vendors).where(eq(vendors.id, id));
  return row!;
}

describe('cancel at the end of the paid period', () => {
  it('asks the provider, whose signed webhook sets "Cancels on"; a second cancel changes nothing', async () => {
    const { owner, vendor, periodEnd } = await subscribedOwner();

    const cancelled = await callAs(app, owner.cookie, 'POST', '/api/billing/cancel', {});

    expect(cancelled.statusCode).toBe(200);
    const body = cancelled.json();
    expect(body.outcome).toBe('requested');
    expect(body.billing.subscription).toMatchObject({
      planId: 'premium',
      status: 'active',
      cancelAt: periodEnd.toISOString(),
      nextBillingDate: null,
    });
    expect((await vendorRow(vendor.id)).subscriptionCancelAt?.toISOString()).toBe(periodEnd.toISOString());
    const confirmations = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventType, 'subscription.cancel_scheduled'));
    expect(confirmations.filter((row) => (row.payload as { vendorId?: string }).vendorId === vendor.id)).toHaveLength(
      1,
    );
    const mail = await waitForEmail(db(), owner.email, 'plan ends on');
    expect(mail.subject).toContain('Premium plan ends on 10 April 2026');

    const again = await callAs(app, owner.cookie, 'POST', '/api/billing/cancel', {});
    expect(again.json().outcome).toBe('unchanged');
    const after = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventType, 'subscription.cancel_scheduled'));
    expect(after.filter((row) => (row.payload as { vendorId?: string }).vendorId === vendor.id)).toHaveLength(1);
  });

  it('changes only on a verified webhook, and a replayed one is harmless', async () => {
    const { vendor, periodEnd, reference } = await subscribedOwner();
    const event = sandboxEvent({
      type: 'cancel_scheduled',
      vendorId: vendor.id,
      planId: 'premium',
      created: clock.now(),
      subscription: reference,
      cancelAt: periodEnd,
    });

    const forged = await postSandboxWebhook(app, config, event, { secret: 'not-the-webhook-secret' });
    expect(forged.statusCode).toBe(400);
    expect((await vendorRow(vendor.id)).subscriptionCancelAt).toBeNull();

    expect((await postSandboxWebhook(app, config, event)).json().outcome).toBe('applied');
    expect((await postSandboxWebhook(app, config, event)).json().outcome).toBe('duplicate');
    expect((await vendorRow(vendor.id)).subscriptionCancelAt?.toISOString()).toBe(periodEnd.toISOString());
  });

  it('resumes until the end, through the provider', async () => {
    const { owner, vendor } = await subscribedOwner();
    await callAs(app, owner.cookie, 'POST', '/api/billing/cancel', {});

    const resumed = await callAs(app, owner.cookie, 'POST', '/api/billing/resume', {});

    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().billing.subscription).toMatchObject({ status: 'active', cancelAt: null });
    expect((await vendorRow(vendor.id)).subscriptionCancelAt).toBeNull();
    expect((await callAs(app, owner.cookie, 'POST', '/api/billing/resume', {})).json().outcome).toBe('unchanged');
  });

  it('lapses to the starter limits when the clock passes the period end, pausing the cards beyond them', async () => {
    const { owner, vendor, periodEnd } = await subscribedOwner();
    const oldest = await createCard(db(), vendor.id, { name: 'Chai Card' });
    const newer = await createCard(db(), vendor.id, { name: 'Paratha Card' });
    await db()
      .update(loyaltyCards)
      .set({ createdAt: new Date(clock.now().getTime() - DAY) })
      .where(eq(loyaltyCards.id, oldest.id));
    await callAs(app, owner.cookie, 'POST', '/api/billing/cancel', {});

    const start = clock.now();
    try {
      clock.set(new Date(periodEnd.getTime() - 1000));
      expect((await callAs(app, owner.cookie, 'GET', '/api/billing')).json().subscription.status).toBe('active');

      clock.set(new Date(periodEnd.getTime() + 1000));
      // The housekeeping job's pass (all vendors due at the app's clock) lapses it.
      const settled = await settleEndedPeriods(db(), billingMail(), clock.now());
      expect(settled.find((change) => change.vendorId === vendor.id)).toMatchObject({
        kind: 'lapsed',
        fromPlan: { id: 'premium' },
        toPlan: { id: 'starter' },
      });
      // The owner's e-mail about the paused card was written with the change, not after it.
      const pausedMail = await db()
        .select({ subject: emailMessages.subject, text: emailMessages.text })
        .from(emailMessages)
        .where(and(eq(emailMessages.toEmail, owner.email), eq(emailMessages.emailType, 'plan_change')));
      expect(pausedMail.filter((mail) => mail.text.includes('Paratha Card'))).toHaveLength(1);
      const billing = (await callAs(app, owner.cookie, 'GET', '/api/billing')).json();
      expect(billing.subscription).toMatchObject({ status: 'canceled', cancelAt: null, nextBillingDate: null });
      expect(billing.limits).toMatchObject({ planId: 'starter', maxCards: 1 });
      expect(billing.notice.pausedCards).toEqual([{ id: newer.id, name: 'Paratha Card' }]);
      const [kept] = await db().select().from(loyaltyCards).where(eq(loyaltyCards.id, oldest.id));
      expect(kept!.status).toBe('active');
      // Settling again finds nothing left to do.
      expect(await settleEndedPeriods(db(), billingMail(), clock.now(), vendor.id)).toEqual([]);
    } finally {
      clock.set(start);
    }
  });

  it('refuses staff, customers and vendors without a running subscription; refuses a body it does not know', async () => {
    const { owner, vendor } = await subscribedOwner();
    const staff = await vendorStaff(app, db(), vendor.id);
    const customer = await signUpUser(app);
    const unpaidOwner = await signUpUser(app);
    const unpaid = await createVendor(db(), { ownerUserId: unpaidOwner.id, plan: 'starter' });
    await db().update(vendors).set({ subscriptionStatus: 'inactive' }).where(eq(vendors.id, unpaid.id));

    expect((await callAs(app, staff.cookie, 'POST', '/api/billing/cancel', {})).statusCode).toBe(403);
    expect((await callAs(app, customer.cookie, 'POST', '/api/billing/cancel', {})).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/billing/cancel', payload: {} })).statusCode).toBe(401);
    const none = await callAs(app, unpaidOwner.cookie, 'POST', '/api/billing/cancel', {});
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('There is no running subscription to change. Choose a plan to subscribe.');
    expect((await callAs(app, owner.cookie, 'POST', '/api/billing/cancel', { now: true })).statusCode).toBe(400);
    expect((await vendorRow(vendor.id)).subscriptionCancelAt).toBeNull();
  });
});

describe('downgrade at the end of the paid period', () => {
  it('tells which cards the lower plan pauses, schedules it, and applies it when the period ends', async () => {
    const { owner, vendor, periodEnd } = await subscribedOwner('premium');
    const daily = await createCard(db(), vendor.id, { name: 'Daily Special', cardType: 'daily_chaska' });
    const cards = [];
    for (let index = 0; index < 6; index += 1) {
      cards.push(await createCard(db(), vendor.id, { name: `Card ${index + 1}` }));
      await db()
        .update(loyaltyCards)
        .set({ createdAt: new Date(clock.now().getTime() - (10 - index) * DAY) })
        .where(eq(loyaltyCards.id, cards[index]!.id));
    }

    const preview = await callAs(app, owner.cookie, 'GET', '/api/billing/downgrade-preview?planId=starter');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      planId: 'starter',
      planName: 'Starter',
      effectiveAt: periodEnd.toISOString(),
    });
    expect(preview.json().pausedCards.map((card: { name: string }) => card.name)).toEqual([
      'Daily Special',
      'Card 2',
      'Card 3',
      'Card 4',
      'Card 5',
      'Card 6',
    ]);
    expect(
      (
        await db()
          .select()
          .from(loyaltyCards)
          .where(and(eq(loyaltyCards.vendorId, vendor.id), eq(loyaltyCards.status, 'active')))
      ).length,
    ).toBe(7);

    const scheduled = await callAs(app, owner.cookie, 'POST', '/api/billing/downgrade', { planId: 'standard' });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().billing.subscription).toMatchObject({
      planId: 'premium',
      scheduledPlan: { planId: 'standard', planName: 'Standard', startsAt: periodEnd.toISOString() },
    });
    expect(
      (await callAs(app, owner.cookie, 'POST', '/api/billing/downgrade', { planId: 'standard' })).json().outcome,
    ).toBe('unchanged');

    const start = clock.now();
    try {
      clock.set(new Date(periodEnd.getTime() + 1000));
      const billing = (await callAs(app, owner.cookie, 'GET', '/api/billing')).json();
      expect(billing.subscription).toMatchObject({ planId: 'standard', status: 'active', scheduledPlan: null });
      // Standard keeps Daily Chaska and 5 cards: the newest two beyond the limit are paused.
      expect(billing.notice.pausedCards.map((card: { name: string }) => card.name)).toEqual([
        'Card 6',
        'Daily Special',
      ]);
      const [dailyRow] = await db().select().from(loyaltyCards).where(eq(loyaltyCards.id, daily.id));
      expect(dailyRow!.status).toBe('paused');
    } finally {
      clock.set(start);
    }
  });

  it('refuses an unknown or dearer plan, staff, and a subscription that is ending', async () => {
    const { owner, vendor } = await subscribedOwner('standard');
    const staff = await vendorStaff(app, db(), vendor.id);

    const unknown = await callAs(app, owner.cookie, 'POST', '/api/billing/downgrade', { planId: 'platinum' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Invalid subscription plan');
    const dearer = await callAs(app, owner.cookie, 'POST', '/api/billing/downgrade', { planId: 'premium' });
    expect(dearer.statusCode).toBe(400);
    expect(dearer.json().error.message).toBe('Premium is not a lower plan than Standard.');
    expect((await callAs(app, owner.cookie, 'GET', '/api/billing/downgrade-preview?planId=nope')).statusCode).toBe(400);
    expect((await callAs(app, staff.cookie, 'POST', '/api/billing/downgrade', { planId: 'starter' })).statusCode).toBe(
      403,
    );
    expect((await callAs(app, staff.cookie, 'GET', '/api/billing/downgrade-preview?planId=starter')).statusCode).toBe(
      403,
    );

    await callAs(app, owner.cookie, 'POST', '/api/billing/cancel', {});
    const ending = await callAs(app, owner.cookie, 'POST', '/api/billing/downgrade', { planId: 'starter' });
    expect(ending.statusCode).toBe(409);
    expect(ending.json().error.message).toBe(
      'Your subscription ends on 10 April 2026. Resume it before choosing another plan.',
    );
    expect((await vendorRow(vendor.id)).scheduledPlan).toBeNull();
  });
});

describe('receipts', () => {
  it('numbers every paid payment and gives its owner a PDF with the vendor, plan, period, PKR amount and reference', async () => {
    const { owner, vendor, reference } = await subscribedOwner('premium');
    await db().update(vendors).set({ contactEmail: 'accounts@karachichai.pk' }).where(eq(vendors.id, vendor.id));
    const failed = sandboxEvent({
      type: 'payment_failed',
      vendorId: vendor.id,
      planId: 'premium',
      created: new Date(clock.now().getTime() + 1000),
      subscription: reference,
    });
    await postSandboxWebhook(app, config, failed);

    const list = (await callAs(app, owner.cookie, 'GET', '/api/billing/payments')).json();
    const paid = list.payments.find((payment: { status: string }) => payment.status === 'paid');
    const unpaid = list.payments.find((payment: { status: string }) => payment.status === 'failed');
    expect(paid.receiptNumber).toMatch(/^CHK-\d{6}$/);
    expect(unpaid.receiptNumber).toBeNull();
    await waitForEmail(db(), owner.email, `receipt ${paid.receiptNumber}`);

    const pdf = await callAs(app, owner.cookie, 'GET', `/api/billing/payments/${paid.id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="chaska-receipt-${paid.receiptNumber}.pdf"`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Receipt ${paid.receiptNumber}`);
    expect(text).toContain(vendor.businessName);
    expect(text).toContain('1 Mall Road, Gulberg, Lahore');
    expect(text).toContain('accounts@karachichai.pk');
    expect(text).toContain('Premium (monthly)');
    expect(text).toContain('11 March 2026 to 10 April 2026');
    expect(text).toContain('Rs 10,000 (PKR)');
    expect(text).toContain(paid.reference);
    expect(text).toContain('Sandbox checkout (built in)');
    expect(text).toContain('Paid 11 March 2026 at 12:30 pm (Pakistan time)');

    const again = (await callAs(app, owner.cookie, 'GET', '/api/billing/payments')).json();
    expect(again.payments.find((payment: { id: string }) => payment.id === paid.id).receiptNumber).toBe(
      paid.receiptNumber,
    );
    expect((await callAs(app, owner.cookie, 'GET', `/api/billing/payments/${unpaid.id}/receipt.pdf`)).statusCode).toBe(
      404,
    );
  });

  it("is the owner's and the admin's only: staff, customers and other vendors get 404; a bad id 400", async () => {
    const { owner, vendor } = await subscribedOwner('standard');
    const [payment] = await db().select().from(payments).where(eq(payments.vendorId, vendor.id));
    const url = `/api/billing/payments/${payment!.id}/receipt.pdf`;
    const staff = await vendorStaff(app, db(), vendor.id);
    const customer = await signUpUser(app);
    const other = await subscribedOwner('standard');
    const admin = await signUpAdmin(app, db());

    expect((await callAs(app, owner.cookie, 'GET', url)).statusCode).toBe(200);
    expect((await callAs(app, admin.cookie, 'GET', url)).statusCode).toBe(200);
    for (const cookie of [staff.cookie, customer.cookie, other.owner.cookie]) {
      const refused = await callAs(app, cookie, 'GET', url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe('No such receipt.');
    }
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await callAs(app, owner.cookie, 'GET', '/api/billing/payments/not-a-payment/receipt.pdf')).statusCode).toBe(
      400,
    );
  });
});

describe('Close Account', () => {
  it('cancels the subscription at once through the provider; billing shows it canceled', async () => {
    const { owner, vendor } = await subscribedOwner('premium');

    const closed = await callAs(app, owner.cookie, 'POST', '/api/vendor/account/close', { confirm: true });

    expect(closed.statusCode).toBe(200);
    const row = await vendorRow(vendor.id);
    expect(row.closedAt).not.toBeNull();
    expect(row).toMatchObject({
      subscriptionStatus: 'canceled',
      subscriptionUpdatedAt: null,
      subscriptionCancelAt: null,
    });
    const canceledEvents = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventType, 'subscription.canceled'));
    expect(canceledEvents.some((event) => (event.payload as { vendorId?: string }).vendorId === vendor.id)).toBe(true);
  });

  it('stays open when the provider cannot cancel, so no charge continues unnoticed', async () => {
    const { owner, vendor } = await subscribedOwner('premium');
    // The same database, served by an app whose payment provider cannot be reached.
    const port = await freePort();
    const cutOff = await buildApp({
      config: testConfig({
        PUBLIC_URL: config.publicUrl,
        PAYMENT_API_BASE: `http://127.0.0.1:${port}/sandbox-pay/api`,
      }),
      database,
      logger: false,
      clock,
    });

    const closed = await callAs(cutOff, owner.cookie, 'POST', '/api/vendor/account/close', { confirm: true });
    await cutOff.close();

    expect(closed.statusCode).toBe(502);
    expect(closed.json().error.message).toBe(
      'The payment provider could not make this change. Nothing was changed; please try again.',
    );
    expect(await vendorRow(vendor.id)).toMatchObject({ closedAt: null, subscriptionStatus: 'active' });
  });
});
