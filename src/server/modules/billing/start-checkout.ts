import type { FastifyBaseLogger } from 'fastify';
import { BILLING_MESSAGES, planButtonKind } from '@shared/billing/billing';
import { isPlanId, planFor } from '@shared/billing/plans';
import { normalizeSubscriptionStatus } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { badGateway, badRequest, conflict } from '@server/errors';
import { ProviderRejectedError, ProviderUnreachableError, type PaymentProvider } from './payment-provider';
import { loadVendor } from '@server/modules/billing/vendor-plan';

export interface StartCheckoutInput {
  vendorId: string;
  ownerEmail: string;
  planId: unknown;
  publicUrl: string;
}

/**
 * Asks the provider for a hosted checkout session and returns its address. Nothing is written:
 * the subscription changes only when the provider's signed webhook says the payment went through.
 */
export async function startCheckout(
  db: Executor,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  input: StartCheckoutInput,
): Promise<{ url: string }> {
  if (!isPlanId(input.planId)) throw badRequest(BILLING_MESSAGES.invalidPlan);
  const plan = planFor(input.planId);
  const vendor = await loadVendor(db, input.vendorId);
  const current = {
    planId: planFor(vendor.subscriptionPlan).id,
    status: normalizeSubscriptionStatus(vendor.subscriptionStatus),
  };
  if (planButtonKind(current, plan.id) === 'current')
    throw conflict('You are already on this plan.', 'already_subscribed');

  try {
    return await provider.createCheckoutSession(
      { id: vendor.id, businessName: vendor.businessName, ownerEmail: input.ownerEmail },
      plan,
      {
        successUrl: `${input.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${input.publicUrl}/payment/cancel`,
      },
    );
  } catch (error) {
    if (error instanceof ProviderRejectedError) {
      log.warn(
        { provider: provider.id, status: error.status, reply: error.reply, vendorId: vendor.id },
        'Payment provider refused the checkout session',
      );
      throw badGateway(BILLING_MESSAGES.checkoutFailed, 'checkout_failed');
    }
    if (error instanceof ProviderUnreachableError) {
      log.warn(
        { provider: provider.id, err: error.cause, vendorId: vendor.id },
        'Payment provider could not be reached',
      );
      throw badGateway(BILLING_MESSAGES.networkError, 'network_error');
    }
    throw error;
  }
}
