import type { FastifyBaseLogger } from 'fastify';
import { BILLING_MESSAGES, planButtonKind } from '@shared/billing/billing';
import { isPlanId, planChangeDirection, planFor, type SubscriptionPlan } from '@shared/billing/plans';
import { upgradeQuote, type PaidPeriod, type UpgradeQuote } from '@shared/billing/proration';
import { normalizeSubscriptionStatus } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { badGateway, badRequest, conflict } from '@server/errors';
import {
  ProviderRejectedError,
  ProviderUnreachableError,
  ProviderUnsupportedError,
  type PaymentProvider,
} from './payment-provider';
import { loadVendor, type VendorRow } from '@server/modules/billing/vendor-plan';

export interface StartCheckoutInput {
  vendorId: string;
  ownerEmail: string;
  planId: unknown;
  publicUrl: string;
  now: Date;
}

/**
 * The paid month running now, whose unused days an upgrade credits: an active subscription (a
 * past-due one has not paid its month) whose period has not ended. Null otherwise: Starter without
 * a subscription is free, and a canceled one has nothing left.
 */
function runningPaidPeriod(vendor: VendorRow, now: Date): PaidPeriod | null {
  const status = normalizeSubscriptionStatus(vendor.subscriptionStatus);
  const end = vendor.subscriptionUpdatedAt;
  if (status !== 'active' || !vendor.subscriptionReference || !end || end <= now) return null;
  const plan = planFor(vendor.subscriptionPlan);
  return { planId: plan.id, price: plan.price, end };
}

/** What the checkout charges now: an upgrade in a paid month takes the unused days off (proration.ts). */
export function checkoutQuote(vendor: VendorRow, plan: SubscriptionPlan, now: Date): UpgradeQuote {
  const running = runningPaidPeriod(vendor, now);
  const upgrading = running !== null && planChangeDirection(running.planId, plan.id) === 'upgrade';
  return upgradeQuote(plan, upgrading ? running : null, now);
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

  const quote = checkoutQuote(vendor, plan, input.now);

  try {
    return await provider.createCheckoutSession(
      { id: vendor.id, businessName: vendor.businessName, ownerEmail: input.ownerEmail },
      plan,
      {
        successUrl: `${input.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${input.publicUrl}/payment/cancel`,
      },
      quote.credit ? { planId: quote.credit.planId, amount: quote.credit.amount } : null,
    );
  } catch (error) {
    if (error instanceof ProviderUnsupportedError) throw conflict(error.message, 'provider_unsupported');
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
