import type { ApiRoute } from '@shared/api-route';
import type { emailLogPageSchema, emailLogQuerySchema } from '@shared/notifications/admin-emails';
import type {
  emailPreferencesResponseSchema,
  unsubscribeLinkResultSchema,
  unsubscribeLinkSchema,
  updateEmailPreferencesSchema,
} from '@shared/notifications/email';
import type {
  deliveryReceiptSchema,
  outboxPageSchema,
  outboxQuerySchema,
  textCostsQuerySchema,
  textCostsSchema,
  textOutboxPageSchema,
  textOutboxQuerySchema,
} from '@shared/notifications/outbox';
import type { pushEndpointSchema, pushKeySchema, pushSubscriptionSchema } from '@shared/notifications/push';
import type { okSchema } from '@shared/ok';

/** The notifications domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

// E-mail
export const emails: ApiRoute<
  'GET',
  '/api/admin/emails',
  { query: typeof outboxQuerySchema; response: typeof outboxPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/emails',
};

export const textMessages: ApiRoute<
  'GET',
  '/api/admin/text-messages',
  { query: typeof textOutboxQuerySchema; response: typeof textOutboxPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/text-messages',
};

export const textCosts: ApiRoute<
  'GET',
  '/api/admin/text-costs',
  { query: typeof textCostsQuerySchema; response: typeof textCostsSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/text-costs',
};

/** Delivery reports of WhatsApp messages, signed by Meta (X-Hub-Signature-256); the body is read raw. */
export const whatsAppWebhook: ApiRoute<
  'POST',
  '/api/webhooks/whatsapp',
  { response: typeof deliveryReceiptSchema },
  200
> = {
  method: 'POST',
  path: '/api/webhooks/whatsapp',
};

/** Delivery reports of the SMS gateway, signed with SMS_GATEWAY_WEBHOOK_SECRET; the body is read raw. */
export const smsWebhook: ApiRoute<'POST', '/api/webhooks/sms', { response: typeof deliveryReceiptSchema }, 200> = {
  method: 'POST',
  path: '/api/webhooks/sms',
};

export const emailLogs: ApiRoute<
  'GET',
  '/api/admin/email-logs',
  { query: typeof emailLogQuerySchema; response: typeof emailLogPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/email-logs',
};

export const preferences: ApiRoute<
  'GET',
  '/api/email-preferences',
  { response: typeof emailPreferencesResponseSchema },
  200
> = {
  method: 'GET',
  path: '/api/email-preferences',
};

export const updatePreferences: ApiRoute<
  'PUT',
  '/api/email-preferences',
  { body: typeof updateEmailPreferencesSchema; response: typeof emailPreferencesResponseSchema },
  200
> = {
  method: 'PUT',
  path: '/api/email-preferences',
};

export const unsubscribe: ApiRoute<
  'POST',
  '/api/email-preferences/unsubscribe',
  { response: typeof emailPreferencesResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/email-preferences/unsubscribe',
};

export const resubscribe: ApiRoute<
  'POST',
  '/api/email-preferences/resubscribe',
  { response: typeof emailPreferencesResponseSchema },
  200
> = {
  method: 'POST',
  path: '/api/email-preferences/resubscribe',
};

/** The /unsubscribe page's call with the link's u and t; no session needed. */
export const unsubscribeByLink: ApiRoute<
  'POST',
  '/api/email/unsubscribe',
  { body: typeof unsubscribeLinkSchema; response: typeof unsubscribeLinkResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/email/unsubscribe',
};

/** RFC 8058 one-click unsubscribe: mail clients post to the List-Unsubscribe address itself. */
export const oneClickUnsubscribe: ApiRoute<
  'POST',
  '/unsubscribe',
  { query: typeof unsubscribeLinkSchema; response: typeof unsubscribeLinkResultSchema },
  200
> = {
  method: 'POST',
  path: '/unsubscribe',
};

export const key: ApiRoute<'GET', '/api/push/key', { response: typeof pushKeySchema }, 200> = {
  method: 'GET',
  path: '/api/push/key',
};

export const subscribePush: ApiRoute<
  'POST',
  '/api/push/subscriptions',
  { body: typeof pushSubscriptionSchema; response: typeof okSchema },
  201
> = {
  method: 'POST',
  path: '/api/push/subscriptions',
};

export const unsubscribePush: ApiRoute<
  'POST',
  '/api/push/subscriptions/remove',
  { body: typeof pushEndpointSchema; response: typeof okSchema },
  200
> = {
  method: 'POST',
  path: '/api/push/subscriptions/remove',
};
