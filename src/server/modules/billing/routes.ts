import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutRequestSchema, paymentsQuerySchema } from '../../../shared/billing';
import { vendors } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { requireAdmin, requireVendorMember } from '../../plugins/authentication';
import { applyBillingEvent } from './apply-billing-event';
import { createPaymentProvider } from './create-payment-provider';
import { getBillingSummary } from './get-billing-summary';
import { listPayments } from './list-payments';
import { recordRejectedWebhook } from './record-rejected-webhook';
import { notifyCardsPaused } from './notify-plan-change';
import { UnsupportedWebhookEventError, WebhookPayloadError, WebhookSignatureError, type PaymentProvider } from './payment-provider';
import { deliverSandboxEvent } from './sandbox-pay/deliver-sandbox-event';
import { simulatedSandboxEvent } from './sandbox-pay/routes';
import { startCheckout } from './start-checkout';

/** Provider webhooks are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Webhooks get a scope of their own whose only body parser keeps the raw bytes: the signature is
 * computed over exactly what the provider sent, so the body must not be parsed and re-serialised.
 */
async function webhookRoutes(instance: FastifyInstance, options: { provider: PaymentProvider }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { provider } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/billing/webhooks/:provider', { schema: { params: z.object({ provider: z.string().max(50) }) }, config: { crossSiteWrites: 'signed-webhook' } }, async (request) => {
    if (request.params.provider !== provider.id) throw notFound('No such payment provider.');
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event;
    try {
      event = provider.verifyWebhook(rawBody, request.headers);
    } catch (error) {
      if (error instanceof UnsupportedWebhookEventError) {
        request.log.info({ provider: provider.id, type: error.providerType, eventId: error.eventId }, 'Ignored webhook event');
        return { received: true, outcome: 'ignored' };
      }
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ provider: provider.id, reason: error.message }, 'Webhook signature refused');
        throw new AppError(400, 'invalid_signature', 'Invalid webhook signature.');
      }
      if (error instanceof WebhookPayloadError) {
        // Signed, so it really is the provider's: kept for the admin's deliveries table, never applied.
        request.log.warn({ provider: provider.id, reason: error.message }, 'Webhook payload refused');
        await recordRejectedWebhook(app.deps.database.db, provider.id, rawBody, error.message);
        throw new AppError(400, 'invalid_payload', `Invalid webhook payload: ${error.message}`);
      }
      throw error;
    }
    const { database, email, config } = app.deps;
    const result = await applyBillingEvent(database.db, provider.id, event, app.deps.clock.now());
    if (result.outcome === 'applied' && result.pausedCards.length > 0) {
      await notifyCardsPaused(database.db, email, config.publicUrl, result);
    }
    return { received: true, outcome: result.outcome };
  });
}

export async function billingRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const provider = createPaymentProvider(app.deps.config);

  /** Owners and staff may read the plan, limits and usage; payments and card details are the owner's. */
  app.get('/billing', async (request) => {
    const viewer = await requireVendorMember(request);
    return getBillingSummary(app.deps.database.db, viewer.membership.vendorId, {
      canManage: viewer.membership.role === 'owner',
      provider,
      now: app.deps.clock.now(),
    });
  });

  app.get('/billing/payments', { schema: { querystring: paymentsQuerySchema } }, async (request) => {
    const viewer = await requireVendorMember(request, { ownerOnly: true });
    return listPayments(app.deps.database.db, viewer.membership.vendorId, request.query.page);
  });

  app.post('/billing/checkout', { schema: { body: checkoutRequestSchema } }, async (request) => {
    const viewer = await requireVendorMember(request, { ownerOnly: true });
    return startCheckout(app.deps.database.db, provider, request.log, {
      vendorId: viewer.membership.vendorId,
      ownerEmail: viewer.email,
      planId: request.body?.planId,
      publicUrl: app.deps.config.publicUrl,
    });
  });

  /** Admins (and tests) make the sandbox send what a real provider would later: a renewal, a failure, a cancellation. */
  app.post(
    '/billing/sandbox/events',
    { schema: { body: z.object({ vendorId: z.uuid(), type: z.enum(['renewal_paid', 'payment_failed', 'canceled']) }) } },
    async (request) => {
      await requireAdmin(request);
      if (provider.id !== 'sandbox') throw notFound('The sandbox provider is not in use.');
      const [vendor] = await app.deps.database.db.select().from(vendors).where(eq(vendors.id, request.body.vendorId)).limit(1);
      if (!vendor || !vendor.subscriptionReference) throw notFound('No subscription found');
      const event = simulatedSandboxEvent(request.body.type, vendor, app.deps.clock.now());
      const { publicUrl, payments } = app.deps.config;
      const result = await deliverSandboxEvent({ publicUrl, webhookSecret: payments.webhookSecret }, event);
      if (!result.delivered) throw new AppError(502, 'delivery_failed', `The sandbox could not deliver the event (status ${result.status ?? 'none'}).`);
      return { eventId: event.id, delivered: true };
    },
  );

  await app.register(webhookRoutes, { provider });
}
