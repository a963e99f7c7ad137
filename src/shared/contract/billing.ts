import type {
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
} from '@shared/billing';
import { route } from './route';

/** Billing: the plan, usage and payments, checkout, and cancel / resume / downgrade. */
export const billingApi = {
  summary: route<{ response: typeof billingSummarySchema }>()('GET', '/api/billing'),
  cancel: route<{ body: typeof emptyChangeBodySchema; response: typeof subscriptionChangeResponseSchema }>()(
    'POST',
    '/api/billing/cancel',
  ),
  resume: route<{ body: typeof emptyChangeBodySchema; response: typeof subscriptionChangeResponseSchema }>()(
    'POST',
    '/api/billing/resume',
  ),
  downgradePreview: route<{ query: typeof planChoiceSchema; response: typeof downgradePreviewSchema }>()(
    'GET',
    '/api/billing/downgrade-preview',
  ),
  downgrade: route<{ body: typeof planChoiceSchema; response: typeof subscriptionChangeResponseSchema }>()(
    'POST',
    '/api/billing/downgrade',
  ),
  payments: route<{ query: typeof paymentsQuerySchema; response: typeof paymentsPageSchema }>()(
    'GET',
    '/api/billing/payments',
  ),
  checkout: route<{ body: typeof checkoutRequestSchema; response: typeof checkoutResponseSchema }>()(
    'POST',
    '/api/billing/checkout',
  ),
  /** Admins (and tests), sandbox provider only. */
  sandboxEvent: route<{ body: typeof sandboxEventRequestSchema; response: typeof sandboxEventResultSchema }>()(
    'POST',
    '/api/billing/sandbox/events',
  ),
  /** Called by the payment provider; the body is read raw, as signed. */
  webhook: route<{ response: typeof webhookReceiptSchema }>()('POST', '/api/billing/webhooks/:provider'),
};
