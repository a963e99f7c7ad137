import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { Config } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { payments, vendorMembers, vendors } from '@server/db/schema';
import { testConfig } from '@server/test/build-test-app';
import { createVendor, signUpUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/two-factor-factory';
import { freePort } from '@server/test/local-process';
import { createTestDatabase } from '@server/test/test-database';
import { TestClock } from '@server/test/test-clock';
import { formatPKR } from '@shared/number-format';
import { pakistanInstant } from '@shared/pakistan-time';
import { pdfText, requestCheckout } from './billing-test-helpers';
import { sandboxApiKey } from './sandbox-pay/checkout-sessions';

/**
 * The whole sandbox round trip over real HTTP: the app asks the sandbox for a session at
 * PAYMENT_API_BASE, the hosted page's Pay button makes the sandbox post a signed webhook to
 * PUBLIC_URL, and the browser is sent back to the success address.
 */
let app: FastifyInstance;
let database: DatabaseHandle;
let config: Config;
let baseUrl: string;
const clock = new TestClock();

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  config = testConfig({ PUBLIC_URL: baseUrl });
  database = await createTestDatabase();
  app = await buildApp({ config, database, logger: false, clock });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** What a browser sends when the hosted page's Pay or Cancel form is submitted. */
const BROWSER_FORM_POST: RequestInit = {
  method: 'POST',
  redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: '',
};

async function ownerWithVendor() {
  const owner = await signUpUser(app);
  const vendor = await createVendor(database.db, { ownerUserId: owner.id, plan: 'starter' });
  await database.db.update(vendors).set({ subscriptionStatus: 'inactive' }).where(eq(vendors.id, vendor.id));
  return { owner, vendor };
}

async function startCheckout(cookie: string, planId: string): Promise<string> {
  const response = await requestCheckout(app, cookie, planId);
  expect(response.statusCode).toBe(200);
  return response.json().url;
}

describe('sandbox checkout over HTTP', () => {
  it('upgrades the vendor when the hosted page is paid, and only once when paid twice', async () => {
    const { owner, vendor } = await ownerWithVendor();
    const url = await startCheckout(owner.cookie, 'standard');
    expect(url.startsWith(`${baseUrl}/sandbox-pay/checkout/cs_`)).toBe(true);

    const page = await fetch(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Standard plan');
    expect(html).toContain(formatPKR(5000));
    expect(html).toContain('<p class="test-payments" role="note">Test payments: no money moves</p>');
    expect(html).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${baseUrl}`);

    const paid = await fetch(`${url}/pay`, BROWSER_FORM_POST);
    expect(paid.status).toBe(303);
    const sessionId = url.split('/').pop()!;
    expect(paid.headers.get('location')).toBe(`${baseUrl}/payment/success?session_id=${sessionId}`);

    const [row] = await database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({ subscriptionPlan: 'standard', subscriptionStatus: 'active' });
    expect(row!.subscriptionReference).toMatch(/^sub_/);

    const again = await fetch(`${url}/pay`, BROWSER_FORM_POST);
    expect(again.status).toBe(303);
    const rows = await database.db.select().from(payments).where(eq(payments.vendorId, vendor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 5000, status: 'paid', planId: 'standard' });

    const billing = await app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: owner.cookie } });
    expect(billing.json().subscription).toMatchObject({ planName: 'Standard', status: 'active', price: 5000 });
    expect(billing.json().billingInformation).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242' });
    const history = await app.inject({
      method: 'GET',
      url: '/api/billing/payments',
      headers: { cookie: owner.cookie },
    });
    expect(history.json()).toMatchObject({
      total: 1,
      page: 1,
      payments: [
        { planName: 'Standard', amount: 5000, status: 'paid', description: 'Standard plan, monthly subscription' },
      ],
    });
    // An owner reading in Urdu reads what the payment was in Urdu.
    const inUrdu = await app.inject({
      method: 'GET',
      url: '/api/billing/payments',
      headers: { cookie: owner.cookie, 'accept-language': 'ur' },
    });
    expect(inUrdu.json().payments[0].description).toBe('اسٹینڈرڈ پلان، ماہانہ سبسکرپشن');
  });

  it('sends the browser back to the cancel address and changes nothing when the checkout is cancelled', async () => {
    const { owner, vendor } = await ownerWithVendor();
    const url = await startCheckout(owner.cookie, 'premium');

    const cancelled = await fetch(`${url}/cancel`, BROWSER_FORM_POST);

    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${baseUrl}/payment/cancel`);
    const [row] = await database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({ subscriptionPlan: 'starter', subscriptionStatus: 'inactive' });
    expect(await database.db.select().from(payments).where(eq(payments.vendorId, vendor.id))).toHaveLength(0);
  });

  it('answers a forged or expired session with an expiry page', async () => {
    const response = await fetch(`${baseUrl}/sandbox-pay/checkout/cs_bm90LWEtc2Vzc2lvbg.c2lnbmF0dXJl`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This checkout has expired');
  });

  it('validates the checkout contract: key, account, connected account, price, mode and metadata', async () => {
    const endpoint = (account = config.payments.accountId, connected = config.payments.connectedAccount) =>
      `${config.payments.apiBase}/${account}/create_checkout_session?connected_account=${connected}`;
    const key = `Bearer ${sandboxApiKey(config.payments.webhookSecret, config.payments.accountId)}`;
    const payload = (overrides: Record<string, unknown> = {}) => ({
      payload: {
        success_url: `${baseUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${baseUrl}/payment/cancel`,
        line_items: [{ price: 'price_standard_pkr_monthly', quantity: 1 }],
        mode: 'subscription',
        metadata: { vendor_id: '6c1f4e8e-5d1b-4b7a-9a57-1f8f0a1d2c3b', plan_id: 'standard' },
        ...overrides,
      },
    });
    const post = (url: string, body: unknown, authorization: string | null = key) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });

    expect((await post(endpoint(), payload())).status).toBe(200);
    expect((await post(endpoint(), payload(), null)).status).toBe(401);
    expect((await post(endpoint('acct_someone_else'), payload())).status).toBe(404);
    expect((await post(endpoint(undefined, 'other'), payload())).status).toBe(400);
    const unknownPrice = await post(endpoint(), payload({ line_items: [{ price: 'price_gold', quantity: 1 }] }));
    expect(unknownPrice.status).toBe(400);
    expect((await unknownPrice.json()).error.message).toBe('No such price: price_gold');
    expect(
      (await post(endpoint(), payload({ line_items: [{ price: 'price_standard_pkr_monthly', quantity: 2 }] }))).status,
    ).toBe(400);
    expect((await post(endpoint(), payload({ mode: 'payment' }))).status).toBe(400);
    expect((await post(endpoint(), payload({ metadata: { vendor_id: 'x', plan_id: 'standard' } }))).status).toBe(400);
    expect(
      (
        await post(
          endpoint(),
          payload({ metadata: { vendor_id: '6c1f4e8e-5d1b-4b7a-9a57-1f8f0a1d2c3b', plan_id: 'premium' } }),
        )
      ).status,
    ).toBe(400);
    expect((await post(endpoint(), payload({ success_url: 'javascript:alert(1)' }))).status).toBe(400);
  });

  it('lets an admin make the sandbox send a renewal, a failure and a cancellation', async () => {
    const { owner, vendor } = await ownerWithVendor();
    const url = await startCheckout(owner.cookie, 'premium');
    await fetch(`${url}/pay`, BROWSER_FORM_POST);
    const [paid] = await database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    const admin = await signUpAdmin(app, database.db);
    const simulate = (cookie: string, type: string) =>
      app.inject({
        method: 'POST',
        url: '/api/billing/sandbox/events',
        headers: { cookie },
        payload: { vendorId: vendor.id, type },
      });

    const neverSubscribed = await ownerWithVendor();
    const noSubscription = await app.inject({
      method: 'POST',
      url: '/api/billing/sandbox/events',
      headers: { cookie: admin.cookie },
      payload: { vendorId: neverSubscribed.vendor.id, type: 'renewal_paid' },
    });
    expect(noSubscription.statusCode).toBe(404);
    expect((await simulate(owner.cookie, 'renewal_paid')).statusCode).toBe(403);
    expect((await simulate(admin.cookie, 'renewal_paid')).statusCode).toBe(200);
    const [renewed] = await database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(renewed!.subscriptionUpdatedAt!.getTime()).toBeGreaterThan(paid!.subscriptionUpdatedAt!.getTime());

    await simulate(admin.cookie, 'payment_failed');
    expect((await database.db.select().from(vendors).where(eq(vendors.id, vendor.id)))[0]!.subscriptionStatus).toBe(
      'past_due',
    );
    await simulate(admin.cookie, 'canceled');
    expect((await database.db.select().from(vendors).where(eq(vendors.id, vendor.id)))[0]!.subscriptionStatus).toBe(
      'canceled',
    );
    const statuses = (await database.db.select().from(payments).where(eq(payments.vendorId, vendor.id)))
      .map((row) => row.status)
      .sort();
    expect(statuses).toEqual(['failed', 'paid', 'paid']);
  });
});

describe('an upgrade in a paid month', () => {
  async function pay(cookie: string, planId: string) {
    const url = await startCheckout(cookie, planId);
    const html = await (await fetch(url)).text();
    expect((await fetch(`${url}/pay`, BROWSER_FORM_POST)).status).toBe(303);
    return html;
  }
  const paymentsOf = (vendorId: string) =>
    database.db.select().from(payments).where(eq(payments.vendorId, vendorId)).orderBy(payments.receiptNumber);

  it('credits the unused days of the plan paid for, charges the difference and prints both on the receipt', async () => {
    // Standard is bought on 29 November at 10:00 Pakistan time: paid until 29 December.
    clock.set(pakistanInstant('2026-11-29', 10));
    const { owner, vendor } = await ownerWithVendor();
    // Starter without a subscription is free: nothing to credit.
    const first = await pay(owner.cookie, 'standard');
    expect(first).not.toContain('Credit for unused');
    expect(first).toContain(`Pay ${formatPKR(5000)}`);

    // 22 December: 7 of the month's 30 days are left, worth 5000 × 7 ÷ 30 = 1166.66…, rounded down.
    clock.set(pakistanInstant('2026-12-22', 15));
    const page = await pay(owner.cookie, 'premium');
    expect(page).toContain('Credit for unused Standard');
    expect(page).toContain(`−${formatPKR(1166)}`);
    expect(page).toContain(`Pay ${formatPKR(8834)}`);

    const [, upgrade] = await paymentsOf(vendor.id);
    expect(upgrade).toMatchObject({ planId: 'premium', amount: 8834, creditAmount: 1166, creditPlanId: 'standard' });
    const [row] = await database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({ subscriptionPlan: 'premium', subscriptionStatus: 'active' });
    expect(row!.subscriptionUpdatedAt).toEqual(pakistanInstant('2027-01-22', 15));

    const history = await app.inject({
      method: 'GET',
      url: '/api/billing/payments',
      headers: { cookie: owner.cookie },
    });
    expect(history.json().payments[0]).toMatchObject({
      planId: 'premium',
      amount: 8834,
      credit: { planId: 'standard', amount: 1166 },
    });
    expect(history.json().payments[1]).toMatchObject({ planId: 'standard', amount: 5000, credit: null });

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/billing/payments/${upgrade!.id}/receipt.pdf`,
      headers: { cookie: owner.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Premium (22 December 2026 to 22 January 2027)\nRs 10,000');
    expect(text).toContain('Credit for unused Standard\n-Rs 1,166');
    expect(text).toContain('Total paid\nRs 8,834');
    expect(text).toContain('Amount paid\nRs 8,834 (PKR)');
  });

  it('credits the whole month on the day it was paid, and nothing on its last day', async () => {
    clock.set(pakistanInstant('2026-11-29', 10));
    const sameDay = await ownerWithVendor();
    await pay(sameDay.owner.cookie, 'standard');
    clock.set(pakistanInstant('2026-11-29', 21));
    expect(await pay(sameDay.owner.cookie, 'enterprise')).toContain(`Pay ${formatPKR(15000)}`);
    expect((await paymentsOf(sameDay.vendor.id))[1]).toMatchObject({ amount: 15000, creditAmount: 5000 });

    clock.set(pakistanInstant('2026-11-29', 10));
    const lastDay = await ownerWithVendor();
    await pay(lastDay.owner.cookie, 'premium');
    clock.set(pakistanInstant('2026-12-29', 8));
    const page = await pay(lastDay.owner.cookie, 'enterprise');
    expect(page).not.toContain('Credit for unused');
    expect((await paymentsOf(lastDay.vendor.id))[1]).toMatchObject({
      amount: 20000,
      creditAmount: 0,
      creditPlanId: null,
    });
  });

  it('gives no credit to a past-due month, nor to a move to a cheaper plan through checkout', async () => {
    clock.set(pakistanInstant('2026-11-29', 10));
    const { owner, vendor } = await ownerWithVendor();
    await pay(owner.cookie, 'premium');
    clock.set(pakistanInstant('2026-12-05', 10));
    expect(await pay(owner.cookie, 'standard')).not.toContain('Credit for unused');
    expect((await paymentsOf(vendor.id))[1]).toMatchObject({ planId: 'standard', amount: 5000, creditAmount: 0 });

    await database.db.update(vendors).set({ subscriptionStatus: 'past_due' }).where(eq(vendors.id, vendor.id));
    expect(await pay(owner.cookie, 'enterprise')).not.toContain('Credit for unused');
  });

  it('refuses a credit the sandbox was not asked for honestly: above the price, or without its plan', async () => {
    const endpoint = `${config.payments.apiBase}/${config.payments.accountId}/create_checkout_session?connected_account=${config.payments.connectedAccount}`;
    const post = (metadata: Record<string, string>) =>
      fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${sandboxApiKey(config.payments.webhookSecret, config.payments.accountId)}`,
        },
        body: JSON.stringify({
          payload: {
            success_url: `${baseUrl}/payment/success`,
            cancel_url: `${baseUrl}/payment/cancel`,
            line_items: [{ price: 'price_premium_pkr_monthly', quantity: 1 }],
            mode: 'subscription',
            metadata: { vendor_id: '6c1f4e8e-5d1b-4b7a-9a57-1f8f0a1d2c3b', plan_id: 'premium', ...metadata },
          },
        }),
      });
    expect((await post({ credit_pkr: '1200', credit_plan_id: 'standard' })).status).toBe(200);
    expect((await post({ credit_pkr: '10001', credit_plan_id: 'enterprise' })).status).toBe(400);
    expect((await post({ credit_pkr: '1200' })).status).toBe(400);
    expect((await post({ credit_pkr: '-5', credit_plan_id: 'standard' })).status).toBe(400);
    expect((await post({ credit_pkr: '12.5', credit_plan_id: 'standard' })).status).toBe(400);
  });
});

describe('who may see and change billing', () => {
  it('lets staff read the plan and usage but not payments, card details or checkout', async () => {
    const { owner, vendor } = await ownerWithVendor();
    const staff = await signUpUser(app);
    await database.db.insert(vendorMembers).values({ vendorId: vendor.id, userId: staff.id, role: 'staff' });
    const url = await startCheckout(owner.cookie, 'standard');
    await fetch(`${url}/pay`, BROWSER_FORM_POST);

    const summary = await app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: staff.cookie } });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      canManage: false,
      billingInformation: null,
      subscription: { planId: 'standard' },
    });

    const checkout = await requestCheckout(app, staff.cookie, 'premium');
    expect(checkout.statusCode).toBe(403);
    const history = await app.inject({
      method: 'GET',
      url: '/api/billing/payments',
      headers: { cookie: staff.cookie },
    });
    expect(history.statusCode).toBe(403);
  });

  it('refuses customers, signed-out visitors and a checkout for the plan already active', async () => {
    const customer = await signUpUser(app);
    expect(
      (await app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: customer.cookie } })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/billing' })).statusCode).toBe(401);

    const { owner } = await ownerWithVendor();
    const url = await startCheckout(owner.cookie, 'standard');
    await fetch(`${url}/pay`, BROWSER_FORM_POST);
    const same = await requestCheckout(app, owner.cookie, 'standard');
    expect(same.statusCode).toBe(409);
  });
});
