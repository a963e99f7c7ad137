import { z } from 'zod';
import { vendorApiKeySchema } from './vendor-api';

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

/** A key as the admin lists them: the vendor's own view of it, and whose it is. */
export const apiKeySchema = vendorApiKeySchema.extend({ vendorId: z.string(), vendorName: z.string() });
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
