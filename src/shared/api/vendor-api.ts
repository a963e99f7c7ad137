import { z } from 'zod';

/**
 * The vendor API (/api/v1) and its outgoing webhooks, as both sides see them: the scopes a key
 * may hold, the events a webhook endpoint may receive, and the schemas of the vendor's API &
 * Webhooks page. The request and answer schemas of /api/v1 itself are in vendor-api-v1.ts.
 */

/** What a key may do: read (look up, list), stamp (issue stamps), redeem (confirm rewards). */
export const API_SCOPES = ['read', 'stamp', 'redeem'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  read: 'Read: look up customers, list cards, rewards and the day’s activity',
  stamp: 'Stamp: issue stamps',
  redeem: 'Redeem: confirm rewards',
};

/** Requests per minute a key may make unless its creator chose otherwise. */
export const DEFAULT_API_RATE_LIMIT_PER_MINUTE = 120;
export const MIN_API_RATE_LIMIT_PER_MINUTE = 10;
export const MAX_API_RATE_LIMIT_PER_MINUTE = 6000;

/**
 * Keys a vendor may hold unrevoked, and make in any 24 hours (revoked ones count): a point of sale
 * per till is plenty, and a vendor cannot mint keys by the dozen to multiply its request rate.
 */
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEYS_CREATED_PER_DAY = 20;

/** The header a write names its idempotency key in, and how long an answer is kept for a retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** Events a vendor's webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'customer.joined',
  'stamp.created',
  'reward.earned',
  'reward.redeemed',
  'card.updated',
  'stamp.reversed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The "Send test event" button's event: sent to one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_DELIVERY_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'customer.joined': 'A customer joined one of your cards',
  'stamp.created': 'A stamp was issued on one of your cards',
  'reward.earned': 'A customer completed a card and earned its reward',
  'reward.redeemed': 'A reward was redeemed',
  'card.updated': 'One of your cards was edited, published, paused or archived',
  'stamp.reversed': 'You reversed stamps of a customer (a fraud alert)',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Chaska-Signature';
/** How long deliveries of one event are retried before they count as failed. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;

/** Where a vendor upgrades: the API's plan refusal and the locked screen link to it. */
export const API_ACCESS_BILLING_PATH = '/vendor/billing';

const scopesSchema = z
  .array(z.enum(API_SCOPES, { error: 'Scopes are read, stamp and redeem.' }), {
    error: 'Please choose what the key may do.',
  })
  .min(1, 'Please choose at least one scope.')
  .max(API_SCOPES.length, 'Scopes are read, stamp and redeem.')
  .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once, please.');

export const vendorApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters, to tell keys apart; the key itself is never stored. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  rateLimitPerMinute: z.number(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type VendorApiKey = z.infer<typeof vendorApiKeySchema>;

export const createVendorApiKeySchema = z.object({
  name: z
    .string({ error: 'Please name the key, for example "Counter POS".' })
    .trim()
    .min(1, 'Please name the key, for example "Counter POS".')
    .max(60, 'Name is at most 60 characters.'),
  scopes: scopesSchema,
  rateLimitPerMinute: z
    .number({ error: 'Requests per minute is a whole number.' })
    .int('Requests per minute is a whole number.')
    .min(MIN_API_RATE_LIMIT_PER_MINUTE, `Requests per minute is at least ${MIN_API_RATE_LIMIT_PER_MINUTE}.`)
    .max(MAX_API_RATE_LIMIT_PER_MINUTE, `Requests per minute is at most ${MAX_API_RATE_LIMIT_PER_MINUTE}.`)
    .optional(),
});
export type CreateVendorApiKey = z.infer<typeof createVendorApiKeySchema>;
/** The only time the key is shown. */
export const createdVendorApiKeySchema = z.object({ key: z.string(), apiKey: vendorApiKeySchema });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const createWebhookEndpointSchema = z.object({
  url: z
    .string({ error: 'Please enter the address that receives the events.' })
    .trim()
    .min(1, 'Please enter the address that receives the events.')
    .max(500, 'The address is at most 500 characters.'),
  description: z.string().trim().max(100, 'Description is at most 100 characters.').default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), {
      error: 'Please choose the events to send.',
    })
    .min(1, 'Please choose at least one event.')
    .max(WEBHOOK_EVENT_TYPES.length, 'Each event once, please.')
    .refine((events) => new Set(events).size === events.length, 'Each event once, please.'),
});
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;
/** The signing secret is shown this once. */
export const createdWebhookEndpointSchema = z.object({ secret: z.string(), endpoint: webhookEndpointSchema });

export const webhookDeliveryLogEntrySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  endpointUrl: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_DELIVERY_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryLogEntry = z.infer<typeof webhookDeliveryLogEntrySchema>;

/** The vendor's API & Webhooks page: whether the plan allows it, its keys, endpoints and recent deliveries. */
export const vendorApiOverviewSchema = z.object({
  access: z.object({
    allowed: z.boolean(),
    /** "This feature needs the Enterprise plan." when not allowed. */
    message: z.string().nullable(),
    /** Only the owner creates and revokes keys and endpoints. */
    canManage: z.boolean(),
  }),
  keys: z.array(vendorApiKeySchema),
  endpoints: z.array(webhookEndpointSchema),
  deliveries: z.array(webhookDeliveryLogEntrySchema),
});
export type VendorApiOverview = z.infer<typeof vendorApiOverviewSchema>;

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not found.' }) });

/** DELETE /api/vendor/api/webhooks/:id answers that the endpoint is gone. */
export const webhookEndpointRemovedSchema = z.object({ removed: z.literal(true) });
