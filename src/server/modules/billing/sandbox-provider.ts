import type { Config } from '@server/config';
import { billingInformationSchema } from '@shared/billing/billing';
import {
  headerValue,
  callProviderApi,
  ProviderRejectedError,
  UnsupportedWebhookEventError,
  WebhookPayloadError,
  type PaymentProvider,
} from './payment-provider';
import { sandboxEventSchema, sandboxEventTypeOf } from './sandbox-event';
import { sandboxApiKey } from './sandbox-pay/checkout-sessions';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox-signature';

export type FetchLike = typeof fetch;

/**
 * The app's side of the built-in sandbox: it speaks SPEC.md's checkout contract over HTTP at
 * PAYMENT_API_BASE exactly as it would to a hosted provider, and reads the sandbox's signed webhooks.
 */
export function createSandboxProvider(payments: Config['payments'], fetchImpl: FetchLike = fetch): PaymentProvider {
  const authorization = () => `Bearer ${sandboxApiKey(payments.webhookSecret, payments.accountId)}`;

  /** POST {base}/{account}/subscriptions/{id}/{action}: the sandbox answers, then sends its webhook. */
  async function subscriptionCall(
    reference: string,
    action: 'cancel' | 'resume' | 'plan',
    body: Record<string, unknown>,
  ): Promise<void> {
    const endpoint = `${payments.apiBase}/${encodeURIComponent(payments.accountId)}/subscriptions/${encodeURIComponent(reference)}/${action}`;
    const response = await callProviderApi(fetchImpl, endpoint, {
      method: 'POST',
      headers: { authorization: authorization() },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer().catch(() => undefined);
  }

  return {
    id: 'sandbox',

    async createCheckoutSession(vendor, plan, urls, credit) {
      const endpoint = new URL(`${payments.apiBase}/${encodeURIComponent(payments.accountId)}/create_checkout_session`);
      endpoint.searchParams.set('connected_account', payments.connectedAccount);
      const body = {
        payload: {
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
          line_items: [{ price: plan.priceId, quantity: 1 }],
          mode: 'subscription',
          metadata: {
            vendor_id: vendor.id,
            plan_id: plan.id,
            // An upgrade's credit, as the shop's metadata (strings, as hosted providers keep them).
            ...(credit ? { credit_pkr: String(credit.amount), credit_plan_id: credit.planId } : {}),
          },
        },
      };
      const response = await callProviderApi(fetchImpl, endpoint, {
        method: 'POST',
        headers: { authorization: authorization() },
        body: JSON.stringify(body),
      });
      const reply = (await response.json().catch(() => null)) as { url?: unknown } | null;
      if (!reply || typeof reply.url !== 'string' || !/^https?:\/\//.test(reply.url)) {
        throw new ProviderRejectedError(response.status, JSON.stringify(reply).slice(0, 2000));
      }
      return { url: reply.url };
    },

    cancelSubscription(reference, options) {
      return subscriptionCall(reference, 'cancel', { at_period_end: options.atPeriodEnd });
    },

    resumeSubscription(reference) {
      return subscriptionCall(reference, 'resume', {});
    },

    schedulePlanChange(reference, plan) {
      return subscriptionCall(reference, 'plan', { price: plan.priceId });
    },

    verifyWebhook(rawBody, headers, now = new Date()) {
      verifySandboxSignature(payments.webhookSecret, rawBody, headerValue(headers, SANDBOX_SIGNATURE_HEADER), now);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookPayloadError('The webhook body is not JSON');
      }
      const parsed = sandboxEventSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'body';
        throw new WebhookPayloadError(`${field}: ${issue?.message ?? 'not a sandbox event'}`);
      }
      const event = parsed.data;
      const type = sandboxEventTypeOf(event.type);
      if (!type) throw new UnsupportedWebhookEventError(event.id, event.type);
      const details = event.data.billing_details
        ? billingInformationSchema.safeParse(event.data.billing_details)
        : null;
      return {
        id: event.id,
        type,
        providerType: event.type,
        occurredAt: new Date(event.created),
        vendorId: event.data.vendor_id,
        planId: event.data.plan_id,
        reference: event.data.subscription,
        paymentReference: event.data.payment,
        amount: event.data.amount,
        periodEnd: event.data.period_end ? new Date(event.data.period_end) : null,
        credit: event.data.credit ? { planId: event.data.credit.plan_id, amount: event.data.credit.amount } : null,
        cancelAt: event.data.cancel_at ? new Date(event.data.cancel_at) : null,
        billingDetails: details?.success ? details.data : null,
      };
    },

    describe() {
      return {
        id: 'sandbox',
        name: 'Sandbox checkout (built in)',
        apiBase: payments.apiBase,
        details: { accountId: payments.accountId, connectedAccount: payments.connectedAccount },
      };
    },
  };
}
