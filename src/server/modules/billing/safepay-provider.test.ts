import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planFor } from '@shared/billing/plans';
import { payments, vendors } from '@server/db/schema';
import { testConfig, useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser } from '@server/test/factories';
import {
  ProviderRejectedError,
  ProviderUnreachableError,
  ProviderUnsupportedError,
  UnsupportedWebhookEventError,
  WebhookSignatureError,
} from './payment-provider';
import { createSafepayProvider, SAFEPAY_NO_CREDIT_MESSAGE, verifySafepaySignature } from './safepay-provider';
import { safepaySignature, SAFEPAY_ENV } from './billing-test-helpers';

/**
 * The webhook fixture of Safepay's own Node SDK (getsafepay/safepay-node, test/fixtures/verify.ts):
 * this body, signed with the secret "foo", carries exactly this X-SFPY-Signature.
 */
const SDK_FIXTURE_SECRET = 'foo';
const SDK_FIXTURE_SIGNATURE =
  'ba4c442df5067b679f55919ebc282cb113e376d5a5e5d9c6655647d734823da75a4371759f921bce40963cb90505ed1f8c0405cb78257fd605d259d452a1a7c7';
const SDK_FIXTURE_BODY = {
  client_id: 'sec_55ca6960-e2ea-4643-b0cf-7cd65a4d3112',
  created_at: '2021-09-29T12:00:40Z',
  endpoint: 'http://127.0.0.1:9000',
  notification: {
    amount: '150',
    currency: 'PKR',
    fee: '4.92',
    intent: 'PAYFAST',
    metadata: { order_id: 'XG102312', source: 'shopify' },
    net: '145.08',
    state: 'PAID',
    tracker: 'tracker_c5a5apsbcv41om3fg0u0',
    user: 'johndoe@gmail.com',
  },
  token: 'C5A5APSBCV41R2QF2MHG',
  type: 'payment:created',
  updated_at: '2021-09-29T12:00:40Z',
};

describe('Safepay configuration', () => {
  it('reads SAFEPAY_PLAN_IDS and defaults the API base to the Safepay host of the environment', () => {
    const config = testConfig({ ...SAFEPAY_ENV, SAFEPAY_PLAN_IDS: 'standard=plan_a, premium = plan_b' });
    expect(config.payments.safepay?.planIds).toEqual({ standard: 'plan_a', premium: 'plan_b' });
    expect(config.payments.apiBase).toBe('https://sandbox.api.getsafepay.com');
    expect(testConfig({ ...SAFEPAY_ENV, SAFEPAY_ENVIRONMENT: 'production' }).payments.apiBase).toBe(
      'https://api.getsafepay.com',
    );
  });

  it('stops the start on a plan name it does not know or a malformed list', () => {
    expect(() => testConfig({ ...SAFEPAY_ENV, SAFEPAY_PLAN_IDS: 'gold=plan_x' })).toThrow(/SAFEPAY_PLAN_IDS/);
    expect(() => testConfig({ ...SAFEPAY_ENV, SAFEPAY_PLAN_IDS: 'standard' })).toThrow(/SAFEPAY_PLAN_IDS/);
  });
});

describe('Safepay webhook signature (X-SFPY-Signature, HMAC-SHA512)', () => {
  it("verifies the SDK's documented fixture over the raw body", () => {
    const raw = Buffer.from(JSON.stringify(SDK_FIXTURE_BODY));
    expect(() => verifySafepaySignature(SDK_FIXTURE_SECRET, raw, SDK_FIXTURE_SIGNATURE)).not.toThrow();
    // The SDK signs the compact JSON; a body sent with other whitespace still verifies as it does there.
    expect(() =>
      verifySafepaySignature(
        SDK_FIXTURE_SECRET,
        Buffer.from(JSON.stringify(SDK_FIXTURE_BODY, null, 2)),
        SDK_FIXTURE_SIGNATURE,
      ),
    ).not.toThrow();
  });

  it('refuses a changed body, another secret, a malformed or a missing header', () => {
    const tampered = Buffer.from(JSON.stringify({ ...SDK_FIXTURE_BODY, token: 'C5A5APSBCV41R2QF2MHX' }));
    expect(() => verifySafepaySignature(SDK_FIXTURE_SECRET, tampered, SDK_FIXTURE_SIGNATURE)).toThrow(
      WebhookSignatureError,
    );
    const raw = Buffer.from(JSON.stringify(SDK_FIXTURE_BODY));
    expect(() => verifySafepaySignature('bar', raw, SDK_FIXTURE_SIGNATURE)).toThrow(WebhookSignatureError);
    expect(() => verifySafepaySignature(SDK_FIXTURE_SECRET, raw, 'not-hex')).toThrow(WebhookSignatureError);
    expect(() => verifySafepaySignature(SDK_FIXTURE_SECRET, raw, undefined)).toThrow(WebhookSignatureError);
  });

  it('acknowledges the one-off payment event of the fixture without acting on it', () => {
    const provider = createSafepayProvider({ ...testConfig(SAFEPAY_ENV).payments, webhookSecret: SDK_FIXTURE_SECRET });
    const raw = Buffer.from(JSON.stringify(SDK_FIXTURE_BODY));
    try {
      provider.verifyWebhook(raw, { 'x-sfpy-signature': SDK_FIXTURE_SIGNATURE });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UnsupportedWebhookEventError);
      expect(error).toMatchObject({ eventId: 'C5A5APSBCV41R2QF2MHG', providerType: 'payment:created' });
    }
  });
});

describe('Safepay subscription events', () => {
  const config = testConfig(SAFEPAY_ENV);
  const provider = createSafepayProvider(config.payments);
  const vendorId = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const verify = (body: unknown) => {
    const raw = JSON.stringify(body);
    return provider.verifyWebhook(Buffer.from(raw), {
      'x-sfpy-signature': safepaySignature(SAFEPAY_ENV.PAYMENT_WEBHOOK_SECRET, raw),
    });
  };

  it('reads a new subscription: vendor and plan from our reference and plan id, next billing date', () => {
    const event = verify({
      type: 'subscription.created',
      version: '2.0.0',
      data: {
        token: 'sub_d9a753fb-009b-477b-bf18-97e9d5d3409a',
        plan_id: 'plan_standard_live',
        reference: `${vendorId}:standard`,
        status: 'ACTIVE',
        current_period_end_date: '2026-07-01T00:00:00Z',
        updated_at: '2026-06-01T00:00:00Z',
      },
      delivery_attempts: 1,
    });
    expect(event).toMatchObject({
      type: 'checkout_completed',
      providerType: 'subscription.created',
      vendorId,
      planId: 'standard',
      reference: 'sub_d9a753fb-009b-477b-bf18-97e9d5d3409a',
      amount: null,
      periodEnd: new Date('2026-07-01T00:00:00Z'),
      occurredAt: new Date('2026-06-01T00:00:00Z'),
    });
  });

  it('reads renewals, failures and cancellations by subscription, with ids that stay the same on a retry', () => {
    const payment = (attempt: number) => ({
      type: 'subscription.payment.succeeded',
      data: {
        subscription_id: 'sub_1',
        plan_id: 'plan_premium_live',
        transaction_id: 'txn_42',
        created_at: '2026-07-01T00:00:05Z',
      },
      delivery_attempts: attempt,
    });
    const first = verify(payment(1));
    expect(first).toMatchObject({
      type: 'renewal_paid',
      vendorId: null,
      reference: 'sub_1',
      planId: 'premium',
      paymentReference: 'txn_42',
    });
    expect(verify(payment(2)).id).toBe(first.id);

    expect(
      verify({ type: 'subscription.payment.failed', data: { subscription_id: 'sub_1', transaction_id: 'txn_43' } })
        .type,
    ).toBe('payment_failed');
    expect(verify({ type: 'subscription.canceled', data: { token: 'sub_1' } }).type).toBe('canceled');
    expect(verify({ type: 'subscription.ended', data: { token: 'sub_1' } }).type).toBe('canceled');
  });

  it('falls back to the plan priceId when SAFEPAY_PLAN_IDS does not name the plan', () => {
    const event = verify({
      type: 'subscription.created',
      data: { token: 'sub_2', plan_id: planFor('enterprise').priceId, reference: `${vendorId}:enterprise` },
    });
    expect(event.planId).toBe('enterprise');
  });
});

describe('Safepay checkout', () => {
  const config = testConfig(SAFEPAY_ENV);
  const vendor = {
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    businessName: 'Chai Khana',
    ownerEmail: 'owner@example.pk',
  };
  const urls = {
    successUrl: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/payment/cancel',
  };

  it('creates a passport token with the secret key and sends the vendor to the hosted subscribe page', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(JSON.stringify({ data: 'tbt_token_123' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const provider = createSafepayProvider(config.payments, fakeFetch);

    const { url } = await provider.createCheckoutSession(vendor, planFor('standard'), urls);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://sandbox.api.getsafepay.com/client/passport/v1/token');
    expect((calls[0]!.init.headers as Record<string, string>)['x-sfpy-merchant-secret']).toBe('sec_test_secret');
    const address = new URL(url);
    expect(`${address.origin}${address.pathname}`).toBe('https://sandbox.api.getsafepay.com/subscribe');
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      env: 'sandbox',
      plan_id: 'plan_standard_live',
      auth_token: 'tbt_token_123',
      cancel_url: urls.cancelUrl,
      reference: `${vendor.id}:standard`,
    });
    expect(address.searchParams.get('redirect_url')).toMatch(
      /^http:\/\/localhost:3000\/payment\/success\?session_id=chk_[0-9a-f]{24}$/,
    );
  });

  it('refuses an upgrade with a credit for unused days, which its subscription page cannot take off', async () => {
    let called = false;
    const provider = createSafepayProvider(config.payments, (async () => {
      called = true;
      return new Response(JSON.stringify({ data: 'tbt_token_123' }), { status: 200 });
    }) as typeof fetch);
    await expect(
      provider.createCheckoutSession(vendor, planFor('premium'), urls, { planId: 'standard', amount: 1200 }),
    ).rejects.toThrow(SAFEPAY_NO_CREDIT_MESSAGE);
    expect(called).toBe(false);
    // Without a credit (a first subscription, or after the paid month) it opens the page as before.
    expect((await provider.createCheckoutSession(vendor, planFor('premium'), urls, null)).url).toContain('/subscribe?');
  });

  it('cancels and resumes through the subscription API with the secret key; refuses a plan change it has no call for', async () => {
    const calls: { url: string; method: string; secret: string }[] = [];
    const fakeFetch = (async (url: string | URL, init?: RequestInit) => {
      calls.push({
        url: String(url),
        method: init?.method ?? 'GET',
        secret: (init?.headers as Record<string, string>)['x-sfpy-merchant-secret'] ?? '',
      });
      return new Response('{"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const provider = createSafepayProvider(config.payments, fakeFetch);

    await provider.cancelSubscription('sub_ee09b0f9', { atPeriodEnd: true });
    await provider.resumeSubscription('sub_ee09b0f9');

    expect(calls).toEqual([
      {
        url: 'https://sandbox.api.getsafepay.com/client/subscriptions/v1/sub_ee09b0f9/cancel',
        method: 'POST',
        secret: 'sec_test_secret',
      },
      {
        url: 'https://sandbox.api.getsafepay.com/client/subscriptions/v1/sub_ee09b0f9/resumption',
        method: 'PUT',
        secret: 'sec_test_secret',
      },
    ]);
    await expect(provider.schedulePlanChange('sub_ee09b0f9', planFor('starter'))).rejects.toBeInstanceOf(
      ProviderUnsupportedError,
    );
    const refusing = createSafepayProvider(
      config.payments,
      (async () => new Response('{}', { status: 404 })) as typeof fetch,
    );
    await expect(refusing.cancelSubscription('sub_gone', { atPeriodEnd: false })).rejects.toBeInstanceOf(
      ProviderRejectedError,
    );
  });

  it('reports a refused token and an unreachable API as the two checkout failures', async () => {
    const refusing = createSafepayProvider(
      config.payments,
      (async () => new Response('{"status":{"errors":["invalid key"]}}', { status: 401 })) as typeof fetch,
    );
    await expect(refusing.createCheckoutSession(vendor, planFor('premium'), urls)).rejects.toBeInstanceOf(
      ProviderRejectedError,
    );
    const unreachable = createSafepayProvider(config.payments, (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch);
    await expect(unreachable.createCheckoutSession(vendor, planFor('premium'), urls)).rejects.toBeInstanceOf(
      ProviderUnreachableError,
    );
  });
});

describe('the app with PAYMENT_PROVIDER=safepay', () => {
  const context = useTestApp(SAFEPAY_ENV);

  function post(provider: string, body: unknown, secret = SAFEPAY_ENV.PAYMENT_WEBHOOK_SECRET) {
    const raw = JSON.stringify(body);
    return context.app.inject({
      method: 'POST',
      url: `/api/billing/webhooks/${provider}`,
      headers: { 'content-type': 'application/json', 'x-sfpy-signature': safepaySignature(secret, raw) },
      payload: raw,
    });
  }

  it('applies signed Safepay events at /api/billing/webhooks/safepay and has no sandbox', async () => {
    const owner = await signUpUser(context.app);
    const vendor = await createVendor(context.database.db, { ownerUserId: owner.id, plan: 'starter' });
    const created = await post('safepay', {
      type: 'subscription.created',
      data: {
        token: 'sub_live_1',
        plan_id: 'plan_premium_live',
        reference: `${vendor.id}:premium`,
        current_period_end_date: '2030-01-01T00:00:00Z',
        created_at: new Date().toISOString(),
      },
    });
    expect(created.json()).toEqual({ received: true, outcome: 'applied' });
    const renewed = await post('safepay', {
      type: 'subscription.payment.succeeded',
      data: { subscription_id: 'sub_live_1', transaction_id: 'txn_1', created_at: new Date().toISOString() },
    });
    expect(renewed.json().outcome).toBe('applied');

    const [row] = await context.database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      subscriptionReference: 'sub_live_1',
    });
    const rows = await context.database.db.select().from(payments).where(eq(payments.vendorId, vendor.id));
    expect(rows).toEqual([
      expect.objectContaining({ provider: 'safepay', amount: 10000, status: 'paid', providerReference: 'txn_1' }),
    ]);

    expect(
      (await post('safepay', { type: 'subscription.canceled', data: { token: 'sub_live_1' } }, 'wrong-secret'))
        .statusCode,
    ).toBe(400);
    expect((await post('sandbox', { type: 'anything' })).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/sandbox-pay/checkout/cs_test_x' })).statusCode).toBe(404);
  });
});
