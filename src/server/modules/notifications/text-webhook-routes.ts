import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deliveryReceiptSchema, whatsAppWebhookCheckSchema } from '@shared/notifications/outbox';
import * as notificationsApi from '@shared/notifications/contract';
import { badRequest, forbidden, notFound } from '@server/errors';
import { serve } from '@server/lib/serve-route';
import { sameSecret } from '@server/lib/signing';
import { MINUTE_MS } from '@server/plugins/write-budgets';
import type { DeliveryReport } from './text-outbox';
import { applyInboundMessage, type InboundMessage } from './phone-stop';

/** Delivery reports are small; anything bigger is not one. */
const REPORT_BODY_LIMIT = 128 * 1024;
/** Meta batches a busy number's reports; a per-address count far above them still stops a flood. */
const REPORTS_PER_MINUTE = 600;

/** `sha256=<hex HMAC-SHA256 of the raw body>`, as Meta signs (and as our SMS gateway contract asks). */
export function bodySignature(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** The raw body of a provider's call, parsed, when its signature is right; a wrong one is refused and logged. */
function signedBody(request: FastifyRequest, header: unknown, secret: string): unknown {
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  if (typeof header !== 'string' || !sameSecret(bodySignature(secret, body), header)) {
    // Someone who knows the address but not the secret: worth a look in the log.
    request.log.warn({ webhook: request.url, ip: request.ip }, 'A webhook with a wrong signature was refused');
    throw badRequest('Invalid webhook signature.', 'invalid_signature');
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('Invalid webhook payload: expected JSON.', 'invalid_payload');
  }
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw badRequest(
      `Invalid webhook payload: ${result.error.issues[0]?.message ?? 'unexpected shape'}`,
      'invalid_payload',
    );
  return result.data;
}

const providerId = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'expected a message id');
const sender = z.string().regex(/^\+?[0-9]{6,15}$/, 'expected a phone number');
/** A customer's reply: only its first words matter (STOP); a long one is kept short. */
const replyText = z.string().max(4096);

/** The part of Meta's webhook that reports on messages sent; everything else in it is ignored. */
const whatsAppReportsSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z.object({
                statuses: z
                  .array(
                    z.object({
                      id: providerId,
                      status: z.string().max(40),
                      errors: z
                        .array(z.object({ title: z.string().max(500).optional(), code: z.number().optional() }))
                        .max(10)
                        .optional(),
                    }),
                  )
                  .max(1000)
                  .optional(),
                // What customers wrote to the number: a text, or the tap of a template's quick reply.
                messages: z
                  .array(
                    z.object({
                      from: sender,
                      text: z.object({ body: replyText }).optional(),
                      button: z.object({ text: replyText }).optional(),
                    }),
                  )
                  .max(1000)
                  .optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

/**
 * Our SMS gateway contract (README): `{ reports: [{ id, status: delivered | failed, error? }] }`
 * and what customers texted back, `{ inbound: [{ from, text }] }`; either or both.
 */
const smsReportsSchema = z
  .object({
    reports: z
      .array(
        z.object({
          id: providerId,
          status: z.enum(['delivered', 'failed'], { error: 'status must be delivered or failed' }),
          error: z.string().max(500).optional(),
        }),
      )
      .max(1000)
      .default([]),
    inbound: z
      .array(z.object({ from: sender, text: replyText }))
      .max(1000)
      .default([]),
  })
  .refine((payload) => payload.reports.length + payload.inbound.length > 0, 'expected reports or inbound messages');

const REPORTED = new Set<string>(['delivered', 'read', 'failed']);

function whatsAppInbound(payload: z.infer<typeof whatsAppReportsSchema>): InboundMessage[] {
  return payload.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.messages ?? []).flatMap((message) => {
        const text = message.text?.body ?? message.button?.text;
        return text === undefined ? [] : [{ channel: 'whatsapp' as const, from: message.from, text }];
      }),
    ),
  );
}

function whatsAppReports(payload: z.infer<typeof whatsAppReportsSchema>): DeliveryReport[] {
  return payload.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.statuses ?? [])
        // "sent" is what the send's answer said already; other states are not about delivery.
        .filter((status) => REPORTED.has(status.status))
        .map((status) => ({
          channel: 'whatsapp' as const,
          providerMessageId: status.id,
          status: status.status as DeliveryReport['status'],
          error: status.errors?.map((error) => error.title ?? `code ${error.code}`).join('; '),
        })),
    ),
  );
}

/**
 * The providers' delivery reports (issue "Phone first") and what customers write back ("STOP",
 * decision 081): WhatsApp's signed by Meta's app secret
 * (X-Hub-Signature-256), the SMS gateway's by its webhook secret (X-Signature-256), each over the
 * raw body. A report applies once (text-outbox.ts): a provider may send the same one twice.
 */
export const textWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { whatsapp, sms } = app.deps.config.textMessages;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: REPORT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  async function apply(reports: DeliveryReport[], inbound: InboundMessage[]) {
    const sender = app.deps.textMessages;
    let applied = 0;
    for (const report of reports) {
      if (sender && (await sender.applyDeliveryReport(report)) === 'applied') applied += 1;
    }
    let stopped = 0;
    for (const message of inbound) {
      if (await applyInboundMessage(app.deps.database.db, message, app.deps.clock.now())) stopped += 1;
    }
    return { received: true as const, applied, stopped };
  }

  const budget = { per: 'ip' as const, max: REPORTS_PER_MINUTE, windowMs: MINUTE_MS };

  // Meta's check of the address when the webhook is set up: the challenge back, as plain text.
  app.get(
    notificationsApi.whatsAppWebhook.path.slice(app.prefix.length),
    { schema: { querystring: whatsAppWebhookCheckSchema } },
    async (request, reply) => {
      const token = whatsapp?.webhookVerifyToken;
      if (!token) throw notFound('WhatsApp delivery reports are not set up on this server.');
      if (!sameSecret(token, request.query['hub.verify_token']))
        throw forbidden('The verify token does not match WHATSAPP_WEBHOOK_VERIFY_TOKEN.', 'invalid_verify_token');
      return reply.type('text/plain; charset=utf-8').send(request.query['hub.challenge']);
    },
  );

  serve(
    app,
    notificationsApi.whatsAppWebhook,
    {
      schema: { response: { 200: deliveryReceiptSchema } },
      bodyLimit: REPORT_BODY_LIMIT,
      config: { crossSiteWrites: 'signed-webhook', budget },
    },
    async (request) => {
      const secret = whatsapp?.appSecret;
      if (!secret) throw notFound('WhatsApp delivery reports are not set up on this server.');
      const payload = signedBody(request, request.headers['x-hub-signature-256'], secret);
      const reports = parsed(whatsAppReportsSchema, payload);
      return apply(whatsAppReports(reports), whatsAppInbound(reports));
    },
  );

  serve(
    app,
    notificationsApi.smsWebhook,
    {
      schema: { response: { 200: deliveryReceiptSchema } },
      bodyLimit: REPORT_BODY_LIMIT,
      config: { crossSiteWrites: 'signed-webhook', budget },
    },
    async (request) => {
      const secret = sms?.webhookSecret;
      if (!secret) throw notFound('SMS delivery reports are not set up on this server.');
      const payload = parsed(smsReportsSchema, signedBody(request, request.headers['x-signature-256'], secret));
      return apply(
        payload.reports.map((report) => ({
          channel: 'sms' as const,
          providerMessageId: report.id,
          status: report.status,
          error: report.error,
        })),
        payload.inbound.map((message) => ({ channel: 'sms' as const, ...message })),
      );
    },
  );
};
