import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '@server/lib/signing';
import type { Config } from '@server/config';
import type { PlanId, SubscriptionPlan } from '@shared/billing/plans';
import {
  callProviderApi,
  headerValue,
  ProviderRejectedError,
  ProviderUnsupportedError,
  WebhookSignatureError,
  type PaymentProvider,
} from './payment-provider';
import { parseSafepayEvent } from './safepay-events';
import type { FetchLike } from './sandbox-provider';

/**
 * Safepay (https://getsafepay.com), the first real provider. What follows is built from Safepay's
 * own SDKs and docs (getsafepay/sfpy-php, getsafepay/safepay-node, getsafepay/node-core,
 * getsafepay/safepay-docs):
 * - a short-lived "passport" token: POST {api}/client/passport/v1/token with the secret key in
 *   X-SFPY-MERCHANT-SECRET, answering {data: "<token>"};
 * - the hosted subscription checkout: {checkout host}/subscribe?env&plan_id&auth_token&cancel_url
 *   &redirect_url&reference, where reference comes back in the subscription webhooks;
 * - webhooks signed with X-SFPY-SIGNATURE = hex HMAC-SHA512 of the body with the endpoint's
 *   shared secret (verified against the SDK's own test fixture in safepay-provider.test.ts).
 */
export const SAFEPAY_SIGNATURE_HEADER = 'x-sfpy-signature';

const CHECKOUT_HOSTS = {
  sandbox: 'https://sandbox.api.getsafepay.com',
  production: 'https://getsafepay.com',
} as const;

/** Config first (SAFEPAY_PLAN_IDS), then the plan's priceId. */
export function safepayPlanIdFor(plan: SubscriptionPlan, planIds: Record<string, string>): string {
  return planIds[plan.id] ?? plan.priceId;
}

/** Our reference travels through Safepay and names the vendor and plan in its webhooks. */
export function safepayReferenceFor(vendorId: string, planId: PlanId): string {
  return `${vendorId}:${planId}`;
}

function hmacSha512(secret: string, message: Buffer | string): Buffer {
  return createHmac('sha512', secret).update(message).digest();
}

function signatureMatches(expected: Buffer, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given)) return false;
  return sameSecret(expected, Buffer.from(given, 'hex'));
}

/**
 * Checks X-SFPY-SIGNATURE over the raw body. Safepay's SDKs sign JSON.stringify of the parsed
 * body, which equals the raw body when Safepay sends compact JSON; the compact form is accepted too
 * so that a body with different whitespace still verifies the way the official SDK does.
 */
export function verifySafepaySignature(secret: string, rawBody: Buffer, header: string | undefined): void {
  if (!header) throw new WebhookSignatureError('Missing X-SFPY-SIGNATURE header');
  if (signatureMatches(hmacSha512(secret, rawBody), header.trim())) return;
  try {
    const compact = JSON.stringify(JSON.parse(rawBody.toString('utf8')));
    if (signatureMatches(hmacSha512(secret, compact), header.trim())) return;
  } catch {
    // not JSON: the raw comparison above already failed
  }
  throw new WebhookSignatureError('Signature does not match');
}

export const SAFEPAY_NO_CREDIT_MESSAGE =
  'Safepay cannot take the unused days of your plan off the first charge. Upgrade when your paid month ends, or contact support.';

export function createSafepayProvider(payments: Config['payments'], fetchImpl: FetchLike = fetch): PaymentProvider {
  const safepay = payments.safepay;
  if (!safepay) throw new Error('Safepay is selected but SAFEPAY_API_KEY and SAFEPAY_SECRET_KEY are not set');
  const planIds = safepay.planIds;

  /** One call to Safepay's API with the merchant secret; refused or unreachable calls throw the provider errors. */
  function callSafepay(method: 'POST' | 'PUT', path: string): Promise<Response> {
    return callProviderApi(fetchImpl, `${payments.apiBase}${path}`, {
      method,
      headers: { 'x-sfpy-merchant-secret': safepay!.secretKey },
      body: '{}',
    });
  }

  async function createPassportToken(): Promise<string> {
    const response = await callSafepay('POST', '/client/passport/v1/token');
    const reply = (await response.json().catch(() => null)) as { data?: unknown } | null;
    if (!reply || typeof reply.data !== 'string' || reply.data === '') {
      throw new ProviderRejectedError(response.status, JSON.stringify(reply).slice(0, 2000));
    }
    return reply.data;
  }

  /**
   * Safepay's subscription management API (as listed in Safepay's API collection): POST
   * {api}/client/subscriptions/v1/{subscription}/cancel and PUT .../{subscription}/resumption,
   * authorised with the merchant secret. Safepay does not document whether a cancel waits for the
   * end of the paid period, nor a plan change on an existing subscription; see decision 022.
   */
  async function subscriptionCall(method: 'POST' | 'PUT', path: string): Promise<void> {
    const response = await callSafepay(method, `/client/subscriptions/v1/${path}`);
    await response.arrayBuffer().catch(() => undefined);
  }

  return {
    id: 'safepay',

    cancelSubscription(reference) {
      return subscriptionCall('POST', `${encodeURIComponent(reference)}/cancel`);
    },

    resumeSubscription(reference) {
      return subscriptionCall('PUT', `${encodeURIComponent(reference)}/resumption`);
    },

    schedulePlanChange() {
      // Safepay publishes no call that moves a subscription to another plan (decision 022).
      return Promise.reject(
        new ProviderUnsupportedError(
          'Safepay cannot move a running subscription to another plan. Cancel it, and subscribe to the lower plan when it ends.',
        ),
      );
    },

    async createCheckoutSession(vendor, plan, urls, credit) {
      // Safepay's hosted subscription page charges the plan's price; it takes no one-off credit.
      if (credit && credit.amount > 0) throw new ProviderUnsupportedError(SAFEPAY_NO_CREDIT_MESSAGE);
      const authToken = await createPassportToken();
      // Safepay does not fill in a session id; ours names this attempt on the success page.
      const sessionId = `chk_${randomBytes(12).toString('hex')}`;
      const query = new URLSearchParams({
        env: safepay.environment,
        plan_id: safepayPlanIdFor(plan, planIds),
        auth_token: authToken,
        cancel_url: urls.cancelUrl,
        redirect_url: urls.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
        reference: safepayReferenceFor(vendor.id, plan.id),
      });
      return { url: `${CHECKOUT_HOSTS[safepay.environment]}/subscribe?${query.toString()}` };
    },

    verifyWebhook(rawBody, headers) {
      // Safepay's signature carries no timestamp: a replayed delivery is stopped by the event id,
      // which webhook_events records once (Safepay itself retries a delivery for up to 24 hours).
      verifySafepaySignature(payments.webhookSecret, rawBody, headerValue(headers, SAFEPAY_SIGNATURE_HEADER));
      return parseSafepayEvent(rawBody, planIds);
    },

    describe() {
      return {
        id: 'safepay',
        name: 'Safepay',
        apiBase: payments.apiBase,
        details: { environment: safepay.environment, checkoutHost: CHECKOUT_HOSTS[safepay.environment] },
      };
    },
  };
}
