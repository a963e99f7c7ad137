import { createHmac } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '@server/db/client';
import { emailMessages } from '@server/db/schema';
import type { Config } from '@server/config';
import { SANDBOX_BILLING_DETAILS, SANDBOX_EVENT_NAMES, newSandboxId, type SandboxEvent } from './sandbox-event';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-signature';
import type { BillingEventType } from './payment-provider';
import type { PlanId } from '@shared/billing/plans';
import { planFor } from '@shared/billing/plans';

/** A sandbox webhook body as the sandbox would send it; tests pick the times. */
export function sandboxEvent(input: {
  type: BillingEventType;
  vendorId: string;
  planId: PlanId;
  created: Date;
  periodEnd?: Date | null;
  subscription?: string;
  id?: string;
  cancelAt?: Date;
}): SandboxEvent {
  const plan = planFor(input.planId);
  const charge =
    input.type === 'checkout_completed' || input.type === 'renewal_paid' || input.type === 'payment_failed';
  return {
    id: input.id ?? newSandboxId('evt'),
    type: SANDBOX_EVENT_NAMES[input.type],
    created: input.created.toISOString(),
    data: {
      vendor_id: input.vendorId,
      plan_id: plan.id,
      subscription: input.subscription ?? 'sub_test',
      payment: charge ? newSandboxId('pay') : null,
      amount: charge ? plan.price : null,
      currency: 'PKR',
      period_end: input.periodEnd === undefined ? null : (input.periodEnd?.toISOString() ?? null),
      cancel_at: input.cancelAt?.toISOString() ?? null,
      billing_details: charge ? { ...SANDBOX_BILLING_DETAILS } : null,
    },
  };
}

/** The billing page's Upgrade button: asks for a checkout of the plan as this account. */
export function requestCheckout(app: FastifyInstance, cookie: string, planId: unknown) {
  return app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie }, payload: { planId } });
}

/** Posts a signed sandbox event to the webhook endpoint through inject. */
export function postSandboxWebhook(
  app: FastifyInstance,
  config: Config,
  event: SandboxEvent | string,
  options: { signedAt?: Date; secret?: string } = {},
) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(
        options.secret ?? config.payments.webhookSecret,
        body,
        options.signedAt ?? new Date(),
      ),
    },
    payload: body,
  });
}

/** A Safepay set-up for tests: the provider's keys and plan ids, and its webhook secret. */
export const SAFEPAY_ENV = {
  PAYMENT_PROVIDER: 'safepay',
  SAFEPAY_API_KEY: 'pub_test_key',
  SAFEPAY_SECRET_KEY: 'sec_test_secret',
  PAYMENT_WEBHOOK_SECRET: 'whsec_test_shared_secret',
  SAFEPAY_PLAN_IDS: 'standard=plan_standard_live,premium=plan_premium_live',
};

/** The X-SFPY-SIGNATURE Safepay puts on a webhook: HMAC-SHA512 of the raw body, hex. */
export function safepaySignature(secret: string, body: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/**
 * The text of a pdfkit document, line by line: each content stream is inflated and the strings of
 * its TJ operators (hex-encoded WinAnsi, split for kerning) are joined. Enough to assert what a
 * receipt says without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(raw)) !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const operation of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const pieces = [...(operation[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) =>
        Buffer.from(piece[1] ?? '', 'hex').toString('latin1'),
      );
      lines.push(pieces.join('').replace(/\u00a0/g, ' '));
    }
    streamPattern.lastIndex = end;
  }
  return lines.join('\n');
}

/** Billing e-mails are queued after the response (not awaited): wait for one to reach the outbox. */
export async function waitForEmail(db: Executor, to: string, subjectPart: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await db.select().from(emailMessages).where(eq(emailMessages.toEmail, to));
    const found = rows.find((row) => row.subject.includes(subjectPart));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${to} about ${subjectPart}`);
}
