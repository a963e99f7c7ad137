import type { ApiRoute } from '@shared/api-route';
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
} from '@shared/billing/billing';

/** The billing domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

export const summary: ApiRoute<'GET', '/api/billing', { response: typeof billingSummarySchema }, 200> = {
  method: 'GET',
  path: '/api/billing',
};

export const cancel: ApiRoute<
  'POST',
  '/api/billing/cancel',
  { body: typeof emptyChangeBodySchema; response: typeof subscriptionChangeResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/billing/cancel',
};

export const resume: ApiRoute<
  'POST',
  '/api/billing/resume',
  { body: typeof emptyChangeBodySchema; response: typeof subscriptionChangeResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/billing/resume',
};

export const downgradePreview: ApiRoute<
  'GET',
  '/api/billing/downgrade-preview',
  { query: typeof planChoiceSchema; response: typeof downgradePreviewSchema },
  200
> = {
  method: 'GET',
  path: '/api/billing/downgrade-preview',
};

export const downgrade: ApiRoute<
  'POST',
  '/api/billing/downgrade',
  { body: typeof planChoiceSchema; response: typeof subscriptionChangeResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/billing/downgrade',
};

export const payments: ApiRoute<
  'GET',
  '/api/billing/payments',
  { query: typeof paymentsQuerySchema; response: typeof paymentsPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/billing/payments',
};

export const checkout: ApiRoute<
  'POST',
  '/api/billing/checkout',
  { body: typeof checkoutRequestSchema; response: typeof checkoutResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/billing/checkout',
};

/** Admins (and tests), sandbox provider only. */
export const sandboxEvent: ApiRoute<
  'POST',
  '/api/billing/sandbox/events',
  { body: typeof sandboxEventRequestSchema; response: typeof sandboxEventResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/billing/sandbox/events',
};

/** Called by the payment provider; the body is read raw, as signed. */
export const webhook: ApiRoute<
  'POST',
  '/api/billing/webhooks/:provider',
  { response: typeof webhookReceiptSchema },
  200
> = {
  method: 'POST',
  path: '/api/billing/webhooks/:provider',
};
