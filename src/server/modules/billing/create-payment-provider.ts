import type { Config } from '@server/config';
import type { PaymentProvider } from './payment-provider';
import { createSafepayProvider } from './safepay-provider';
import { createSandboxProvider, type FetchLike } from './sandbox-provider';

/** PAYMENT_PROVIDER picks the implementation; everything else talks to the interface. */
export function createPaymentProvider(config: Config, fetchImpl: FetchLike = fetch): PaymentProvider {
  return config.payments.provider === 'safepay'
    ? createSafepayProvider(config.payments, fetchImpl)
    : createSandboxProvider(config.payments, fetchImpl);
}
