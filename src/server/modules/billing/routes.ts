import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSummarySchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  downgradePreviewSchema,
  emptyChangeBodySchema,
  paymentsPageSchema,
  paymentsQuerySchema,
  planChoiceSchema,
  sandboxEventRequestSchema,
  sandboxEventResultSchema,
  subscriptionChangeResponseSchema,
  webhookReceiptSchema,
} from '@shared/billing/billing';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { vendors } from '@server/db/schema';
import { badGateway, badRequest, notFound, tooManyRequests } from '@server/errors';
import { requireAdmin, requireVendorMember, requireViewer } from '@server/plugins/authentication';
import { actorOf, type AuditActor } from '@server/lib/record-audit';
import { getReceipt, RECEIPT_NOT_FOUND_MESSAGE } from './get-receipt';
import {
  cancelAtPeriodEnd,
  previewDowngrade,
  resumeSubscription,
  scheduleDowngrade,
  type ChangeOutcome,
} from './manage-subscription';
import { renderReceiptPdf } from './receipt-pdf';
import { settleEndedPeriods } from './settle-period-end';
import { applyBillingEvent } from './apply-billing-event';
import { createPaymentProvider } from './create-payment-provider';
import { getBillingSummary } from './get-billing-summary';
import { listPayments } from './list-payments';
import { recordRejectedWebhook } from './record-rejected-webhook';
import {
  UnsupportedWebhookEventError,
  WebhookPayloadError,
  WebhookSignatureError,
  type PaymentProvider,
} from './payment-provider';
import { deliverSandboxEvent } from './sandbox-pay/deliver-sandbox-event';
import { simulatedSandboxEvent } from './sandbox-pay/routes';
import { startCheckout } from './start-checkout';
import * as billingApi from '@shared/billing/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

const SUBSCRIPTION_CHANGES_PER_MINUTE = 10;

/** Provider webhooks are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Webhooks get a scope of their own whose only body parser keeps the raw bytes: the signature is
 * computed over exactly what the provider sent, so the body must not be parsed and re-serialised.
 */
const webhookRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, { provider }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  serve(
    app,
    billingApi.webhook,
    {
      schema: { params: z.object({ provider: z.string().max(50) }), response: { 200: webhookReceiptSchema } },
      config: { crossSiteWrites: 'signed-webhook' },
    },
    async (request) => {
      if (request.params.provider !== provider.id) throw notFound('No such payment provider.');
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event;
      try {
        event = provider.verifyWebhook(rawBody, request.headers);
      } catch (error) {
        if (error instanceof UnsupportedWebhookEventError) {
          request.log.info(
            { provider: provider.id, type: error.providerType, eventId: error.eventId },
            'Ignored webhook event',
          );
          return { received: true as const, outcome: 'ignored' as const };
        }
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ provider: provider.id, reason: error.message }, 'Webhook signature refused');
          throw badRequest('Invalid webhook signature.', 'invalid_signature');
        }
        if (error instanceof WebhookPayloadError) {
          // Signed, so it really is the provider's: kept for the admin's deliveries table, never applied.
          request.log.warn({ provider: provider.id, reason: error.message }, 'Webhook payload refused');
          await recordRejectedWebhook(app.deps.database.db, provider.id, rawBody, error.message);
          throw badRequest(`Invalid webhook payload: ${error.message}`, 'invalid_payload');
        }
        throw error;
      }
      const { database, email, config } = app.deps;
      const result = await applyBillingEvent(
        database.db,
        { email, publicUrl: config.publicUrl },
        { provider: provider.id, event },
        app.deps.clock.now(),
      );
      return { received: true as const, outcome: result.outcome };
    },
  );
};

/**
 * The vendor's billing page (plan, usage, payments, receipts), checkout and subscription changes,
 * the admin's sandbox events, and the provider's webhooks.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createPaymentProvider(app.deps.config);

  const db = () => app.deps.database.db;

  /** The billing page's state at `now`: a paid period that has ended is settled first (decision 022). */
  async function currentBilling(vendorId: string, canManage: boolean) {
    const now = app.deps.clock.now();
    await settleEndedPeriods(db(), { email: app.deps.email, publicUrl: app.deps.config.publicUrl }, now, vendorId);
    return getBillingSummary(db(), vendorId, { canManage, provider, now });
  }

  /** Cancel, resume and downgrade call the provider: a few a minute per vendor is plenty. */
  async function limitSubscriptionChanges(vendorId: string) {
    const limit = await consumeRateLimit(
      db(),
      `billing-change:${vendorId}`,
      SUBSCRIPTION_CHANGES_PER_MINUTE,
      60_000,
      app.deps.clock.now(),
    );
    if (!limit.allowed)
      throw tooManyRequests(
        'Too many subscription changes. Please wait a minute and try again.',
        limit.retryAfterSeconds,
      );
  }

  /** Owners and staff may read the plan, limits and usage; payments and card details are the owner's. */
  serve(app, billingApi.summary, { schema: { response: { 200: billingSummarySchema } } }, async (request) => {
    const viewer = await requireVendorMember(request);
    return currentBilling(viewer.membership.vendorId, viewer.membership.role === 'owner');
  });

  /**
   * Only the owner ends, resumes or lowers the plan; staff and other accounts are refused. The
   * answer carries the billing page as the change left it.
   */
  async function changeSubscription(
    request: FastifyRequest,
    change: (input: { vendorId: string; actor: AuditActor; log: FastifyBaseLogger }) => Promise<ChangeOutcome>,
  ) {
    const viewer = await requireVendorMember(request, { ownerOnly: true });
    const vendorId = viewer.membership.vendorId;
    await limitSubscriptionChanges(vendorId);
    const outcome = await change({ vendorId, actor: actorOf(viewer), log: request.log });
    return { outcome, billing: await currentBilling(vendorId, true) };
  }

  const changeBudget = { budget: { handledBy: 'billing/routes.ts limitSubscriptionChanges, per vendor' } };
  const changeResponse = { 200: subscriptionChangeResponseSchema };

  serve(
    app,
    billingApi.cancel,
    { config: changeBudget, schema: { body: emptyChangeBodySchema, response: changeResponse } },
    (request) => changeSubscription(request, (input) => cancelAtPeriodEnd(db(), provider, input)),
  );

  serve(
    app,
    billingApi.resume,
    { config: changeBudget, schema: { body: emptyChangeBodySchema, response: changeResponse } },
    (request) =>
      changeSubscription(request, (input) =>
        resumeSubscription(db(), provider, { ...input, now: app.deps.clock.now() }),
      ),
  );

  serve(
    app,
    billingApi.downgradePreview,
    { schema: { querystring: planChoiceSchema, response: { 200: downgradePreviewSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return previewDowngrade(db(), viewer.membership.vendorId, request.query.planId);
    },
  );

  serve(
    app,
    billingApi.downgrade,
    { config: changeBudget, schema: { body: planChoiceSchema, response: changeResponse } },
    (request) =>
      changeSubscription(request, (input) =>
        scheduleDowngrade(db(), provider, { ...input, planId: request.body.planId, now: app.deps.clock.now() }),
      ),
  );

  /** A paid payment's receipt: its vendor's owner or an admin; anyone else gets the same 404. */
  app.get(
    '/billing/payments/:paymentId/receipt.pdf',
    { schema: { params: z.object({ paymentId: z.uuid({ error: RECEIPT_NOT_FOUND_MESSAGE }) }) } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const membership = viewer.membership;
      const receipt = await getReceipt(db(), provider, {
        paymentId: request.params.paymentId,
        viewer: {
          isAdmin: viewer.isAdmin && viewer.twoFactorEnabled,
          ownerOfVendorId: membership && membership.role === 'owner' ? membership.vendorId : null,
        },
      });
      const pdf = await renderReceiptPdf(receipt);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="chaska-receipt-${receipt.receiptNumber}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  serve(
    app,
    billingApi.payments,
    { schema: { querystring: paymentsQuerySchema, response: { 200: paymentsPageSchema } } },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return listPayments(app.deps.database.db, viewer.membership.vendorId, request.query.page);
    },
  );

  serve(
    app,
    billingApi.checkout,
    {
      config: { budget: { per: 'vendor', max: 10, windowMs: MINUTE_MS } },
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
    },
    async (request) => {
      const viewer = await requireVendorMember(request, { ownerOnly: true });
      return startCheckout(app.deps.database.db, provider, request.log, {
        vendorId: viewer.membership.vendorId,
        ownerEmail: viewer.email,
        planId: request.body?.planId,
        publicUrl: app.deps.config.publicUrl,
        now: app.deps.clock.now(),
      });
    },
  );

  /** Admins (and tests) make the sandbox send what a real provider would later: a renewal, a failure, a cancellation. */
  serve(
    app,
    billingApi.sandboxEvent,
    {
      schema: { body: sandboxEventRequestSchema, response: { 200: sandboxEventResultSchema } },
    },
    async (request) => {
      await requireAdmin(request);
      if (provider.id !== 'sandbox') throw notFound('The sandbox provider is not in use.');
      const [vendor] = await app.deps.database.db
        .select()
        .from(vendors)
        .where(eq(vendors.id, request.body.vendorId))
        .limit(1);
      if (!vendor || !vendor.subscriptionReference) throw notFound('No subscription found');
      const event = simulatedSandboxEvent(request.body.type, vendor, app.deps.clock.now());
      const { publicUrl, payments } = app.deps.config;
      const result = await deliverSandboxEvent({ publicUrl, webhookSecret: payments.webhookSecret }, event);
      if (!result.delivered)
        throw badGateway(
          `The sandbox could not deliver the event (status ${result.status ?? 'none'}).`,
          'delivery_failed',
        );
      return { eventId: event.id, delivered: true as const };
    },
  );

  await app.register(webhookRoutes, { provider });
};
