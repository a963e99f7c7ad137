import { eq } from 'drizzle-orm';
import { sameSecret } from '@server/lib/signing';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAN_IDS, PLANS, planFor } from '@shared/billing/plans';
import { addPakistanMonths } from '@shared/pakistan-time';
import { vendors } from '@server/db/schema';
import {
  newSandboxId,
  SANDBOX_BILLING_DETAILS,
  SANDBOX_EVENT_NAMES,
  type SandboxEvent,
} from '@server/modules/billing/sandbox-event';
import {
  createCheckoutSession,
  findOpenCheckoutSession,
  idsForSession,
  markCheckoutSessionPaid,
  sandboxApiKey,
  type CheckoutSession,
} from './checkout-sessions';
import { renderCheckoutGone, renderCheckoutPage } from './checkout-page';
import { deliverSandboxEvent } from './deliver-sandbox-event';

const absoluteHttpUrl = z.url({ protocol: /^https?$/, error: 'expected an absolute http(s) address' }).max(2000);

const createSessionBody = z.object({
  payload: z.object({
    success_url: absoluteHttpUrl,
    cancel_url: absoluteHttpUrl,
    line_items: z
      .array(z.object({ price: z.string().min(1).max(200), quantity: z.literal(1) }))
      .length(1, 'expected exactly one line item'),
    mode: z.literal('subscription'),
    metadata: z.object({
      vendor_id: z.uuid(),
      plan_id: z.string().min(1).max(50),
      /** The shop's credit for an upgrade, whole PKR as a string; charged off the first payment. */
      credit_pkr: z
        .string()
        .regex(/^\d{1,9}$/, 'expected whole rupees')
        .optional(),
      credit_plan_id: z.enum(PLAN_IDS).optional(),
    }),
  }),
});

/** A provider-style error body: the app logs it when it answers 502. */
function providerError(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ error: { type: 'invalid_request_error', message } });
}

/** Its own CSP: no script at all, forms may go to this page and on to the shop's return addresses. */
function sendPage(reply: FastifyReply, status: number, html: string, formTargets: string[] = []) {
  const origins = [...new Set(formTargets.map((url) => new URL(url).origin))].join(' ');
  return reply
    .status(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${origins}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The built-in sandbox provider, served by the app itself under /sandbox-pay. It speaks SPEC.md's
 * checkout contract (`POST {base}/{account id}/create_checkout_session?connected_account=`),
 * hosts a checkout page and sends signed webhooks back to the app over HTTP, so the whole flow
 * works without an outside service.
 */
export async function sandboxPayRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { payments, publicUrl } = app.deps.config;
  const secret = payments.webhookSecret;
  const db = app.deps.database.db;
  // The hosted page's Pay and Cancel are plain HTML forms; their (empty) bodies carry nothing we read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  /** The provider's API key and account, as a hosted provider checks them; null when they pass. */
  const refuseCaller = (request: FastifyRequest<{ Params: { accountId: string } }>, reply: FastifyReply) => {
    const auth = request.headers.authorization ?? '';
    if (!sameSecret(auth, `Bearer ${sandboxApiKey(secret, payments.accountId)}`)) {
      return providerError(reply, 401, 'Invalid API key provided.');
    }
    if (request.params.accountId !== payments.accountId) return providerError(reply, 404, 'No such account.');
    return null;
  };

  app.post(
    '/api/:accountId/create_checkout_session',
    {
      schema: {
        params: z.object({ accountId: z.string().max(200) }),
        querystring: z.object({ connected_account: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const refused = refuseCaller(request, reply);
      if (refused) return refused;
      if (request.query.connected_account !== payments.connectedAccount) {
        return providerError(reply, 400, 'Unknown or missing connected_account.');
      }
      const parsed = createSessionBody.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return providerError(
          reply,
          400,
          `Invalid request: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'malformed body'}`,
        );
      }
      const { payload } = parsed.data;
      const plan = PLANS.find((candidate) => candidate.priceId === payload.line_items[0]!.price);
      if (!plan) return providerError(reply, 400, `No such price: ${payload.line_items[0]!.price}`);
      if (payload.metadata.plan_id !== plan.id)
        return providerError(reply, 400, 'metadata.plan_id does not match the price.');
      const creditAmount = Number(payload.metadata.credit_pkr ?? '0');
      const creditPlanId = payload.metadata.credit_plan_id ?? null;
      if (creditAmount > 0 !== (creditPlanId !== null) || creditAmount > plan.price)
        return providerError(reply, 400, 'metadata.credit_pkr and credit_plan_id go together, up to the price.');

      const session = await createCheckoutSession(
        db,
        {
          vendorId: payload.metadata.vendor_id,
          planId: plan.id,
          successUrl: payload.success_url,
          cancelUrl: payload.cancel_url,
          creditAmount,
          creditPlanId,
        },
        app.deps.clock.now(),
      );
      return reply.send({ id: session.id, url: `${publicUrl}/sandbox-pay/checkout/${session.id}` });
    },
  );

  /**
   * The subscription API: cancel (at the period end or now), resume a scheduled cancellation, or
   * charge another plan from the next renewal. Like a hosted provider it answers the call, and the
   * state change reaches the shop as a signed webhook (sent before answering, so that the shop's
   * next read already shows it). The sandbox keeps no subscription table of its own: it reads the
   * subscription the shop recorded from its checkout webhook.
   */
  app.post(
    '/api/:accountId/subscriptions/:subscriptionId/:action',
    {
      schema: {
        params: z.object({
          accountId: z.string().max(200),
          subscriptionId: z.string().max(200),
          action: z.enum(['cancel', 'resume', 'plan']),
        }),
        body: z
          .object({ at_period_end: z.boolean().optional(), price: z.string().min(1).max(200).optional() })
          .optional(),
      },
    },
    async (request, reply) => {
      const refused = refuseCaller(request, reply);
      if (refused) return refused;
      const [vendor] = await db
        .select()
        .from(vendors)
        .where(eq(vendors.subscriptionReference, request.params.subscriptionId))
        .limit(1);
      if (!vendor) return providerError(reply, 404, 'No such subscription.');
      const now = app.deps.clock.now();
      const { action } = request.params;
      if (action === 'plan') {
        const plan = PLANS.find((candidate) => candidate.priceId === request.body?.price);
        if (!plan) return providerError(reply, 400, `No such price: ${request.body?.price ?? '(none)'}`);
        return reply.send({ id: vendor.subscriptionReference, status: 'active', next_plan: plan.id });
      }
      const kind =
        action === 'resume' ? 'resumed' : request.body?.at_period_end === false ? 'canceled' : 'cancel_scheduled';
      const event = simulatedSandboxEvent(kind, vendor, now);
      const result = await deliverSandboxEvent({ publicUrl, webhookSecret: secret }, event);
      if (!result.delivered) {
        request.log.warn({ status: result.status, kind }, 'Sandbox could not deliver the subscription webhook');
        return providerError(reply, 502, 'The subscription change could not be confirmed to the shop.');
      }
      return reply.send({
        id: vendor.subscriptionReference,
        status: kind === 'canceled' ? 'canceled' : 'active',
        cancel_at: event.data.cancel_at ?? null,
      });
    },
  );

  const sessionParams = { params: z.object({ sessionId: z.string().max(100) }) };
  // Pay and Cancel are plain forms of the hosted page: the session id in the address is their key.
  const checkoutForm = { schema: sessionParams, config: { crossSiteWrites: 'hosted-checkout-form' as const } };

  app.get('/checkout/:sessionId', { schema: sessionParams }, async (request, reply) => {
    const session = await findOpenCheckoutSession(db, request.params.sessionId, app.deps.clock.now());
    if (!session) return sendPage(reply, 404, renderCheckoutGone());
    return sendPage(
      reply,
      200,
      renderCheckoutPage({ sessionId: session.id, plan: planFor(session.planId), credit: creditOf(session) }),
      [session.successUrl, session.cancelUrl],
    );
  });

  app.post('/checkout/:sessionId/pay', checkoutForm, async (request, reply) => {
    const session = await findOpenCheckoutSession(db, request.params.sessionId, app.deps.clock.now());
    if (!session) return sendPage(reply, 404, renderCheckoutGone());
    const sessionId = session.id;
    const successAddress = session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
    // Paid already (a double click, the back button): the shop has its webhook, just go back.
    if (session.paidAt) return reply.redirect(successAddress, 303);
    const plan = planFor(session.planId);
    const ids = idsForSession(sessionId);
    const now = app.deps.clock.now();
    const event: SandboxEvent = {
      id: ids.eventId,
      type: SANDBOX_EVENT_NAMES.checkout_completed,
      created: now.toISOString(),
      data: {
        vendor_id: session.vendorId,
        plan_id: plan.id,
        subscription: ids.subscriptionId,
        payment: ids.paymentId,
        amount: plan.price - session.creditAmount,
        currency: 'PKR',
        period_end: addPakistanMonths(now, 1).toISOString(),
        credit: session.creditPlanId
          ? { plan_id: planFor(session.creditPlanId).id, amount: session.creditAmount }
          : null,
        billing_details: { ...SANDBOX_BILLING_DETAILS },
      },
    };
    const result = await deliverSandboxEvent({ publicUrl, webhookSecret: secret }, event);
    if (!result.delivered) {
      request.log.warn({ status: result.status }, 'Sandbox could not deliver the checkout webhook');
      return sendPage(
        reply,
        502,
        renderCheckoutPage({
          sessionId,
          plan,
          credit: creditOf(session),
          error: 'We could not confirm this payment with the shop, so no charge was made. Please try again.',
        }),
        [session.successUrl, session.cancelUrl],
      );
    }
    await markCheckoutSessionPaid(db, sessionId, app.deps.clock.now());
    return reply.redirect(successAddress, 303);
  });

  app.post('/checkout/:sessionId/cancel', checkoutForm, async (request, reply) => {
    const session = await findOpenCheckoutSession(db, request.params.sessionId, app.deps.clock.now());
    if (!session) return sendPage(reply, 404, renderCheckoutGone());
    return reply.redirect(session.cancelUrl, 303);
  });
}

/** The session's credit as the page shows it, or null. */
function creditOf(session: CheckoutSession) {
  return session.creditPlanId ? { plan: planFor(session.creditPlanId), amount: session.creditAmount } : null;
}

type SimulatedKind = 'renewal_paid' | 'payment_failed' | 'canceled' | 'cancel_scheduled' | 'resumed';

/** Builds the renewal, failure, cancellation (now or at the period end) or resumption the sandbox would send. */
export function simulatedSandboxEvent(
  kind: SimulatedKind,
  vendor: {
    id: string;
    subscriptionPlan: string;
    subscriptionReference: string | null;
    subscriptionUpdatedAt: Date | null;
  },
  now: Date,
): SandboxEvent {
  const plan = planFor(vendor.subscriptionPlan);
  const currentPeriodEnd = vendor.subscriptionUpdatedAt ?? now;
  const charge = kind === 'renewal_paid' || kind === 'payment_failed';
  return {
    id: newSandboxId('evt'),
    type: SANDBOX_EVENT_NAMES[kind],
    created: now.toISOString(),
    data: {
      vendor_id: vendor.id,
      plan_id: plan.id,
      subscription: vendor.subscriptionReference ?? newSandboxId('sub'),
      payment: charge ? newSandboxId('pay') : null,
      amount: charge ? plan.price : null,
      currency: 'PKR',
      period_end:
        kind === 'renewal_paid'
          ? addPakistanMonths(currentPeriodEnd, 1).toISOString()
          : kind === 'payment_failed'
            ? currentPeriodEnd.toISOString()
            : null,
      cancel_at: kind === 'cancel_scheduled' ? currentPeriodEnd.toISOString() : null,
      billing_details: charge ? { ...SANDBOX_BILLING_DETAILS } : null,
    },
  };
}
