import { z } from 'zod';
import { API_SCOPES } from './vendor-api';

export const integrationsSchema = z.object({
  payments: z.object({
    provider: z.string(),
    name: z.string(),
    apiBase: z.string(),
    details: z.record(z.string(), z.string()),
  }),
  email: z.object({ transport: z.enum(['smtp', 'outbox']), from: z.string(), host: z.string().nullable() }),
  webhook: z.object({ url: z.string() }),
  /** Apple Wallet and Google Wallet passes: on, or the settings still missing (decision 041). */
  wallet: z.object({
    apple: z.object({ configured: z.boolean(), missing: z.array(z.string()), webServiceUrl: z.string() }),
    google: z.object({ configured: z.boolean(), missing: z.array(z.string()) }),
  }),
});
export type Integrations = z.infer<typeof integrationsSchema>;

export const webhookDeliverySchema = z.object({
  provider: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  receivedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

export const apiKeySchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  name: z.string(),
  /** The first characters, so an admin can tell keys apart; the key itself is never stored. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  rateLimitPerMinute: z.number(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

export const createApiKeySchema = z.object({
  vendorId: z.uuid({ error: 'Please choose a vendor.' }),
  name: z
    .string()
    .trim()
    .min(1, 'Please name the key, for example "POS integration".')
    .max(60, 'Name is at most 60 characters.'),
});
/** The only time the key is shown. */
export const createdApiKeySchema = z.object({ key: z.string(), apiKey: apiKeySchema });
export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ error: 'API key not found.' }) });
