import type { AppDeps } from '@server/app-deps';
import type { MessageCustomerInput, MessageCustomerResult } from '@shared/customers/vendor-customers';
import { VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY } from '@shared/notifications/outbox';
import { secondsUntilNextPakistanDay } from '@shared/pakistan-time';
import { tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { CLOSED_VENDOR_MESSAGE, loadVendor } from '@server/modules/billing/vendor-plan';
import { forbidden } from '@server/errors';
import { getCustomerDetail } from './get-customer-detail';
import { sendVendorMessage } from './send-vendor-message';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A vendor may write by hand to 100 customers a day; to one customer, as many times as any of its
 * messages may reach them a day (VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY, counted where they are sent).
 */
export const MESSAGES_PER_VENDOR_PER_DAY = 100;

/**
 * A vendor writes to one of their customers by hand: the vendor's limits and the audit here, the
 * message itself through sendVendorMessage (e-mail, push, WhatsApp and SMS, each under the customer's
 * vendor_updates preferences; the outcome is the e-mail's, "skipped" when it is off).
 */
export async function messageCustomer(
  deps: Pick<AppDeps, 'database' | 'email' | 'config'>,
  {
    vendorId,
    actor,
    userId,
    message: input,
  }: { vendorId: string; actor: AuditActor; userId: string; message: MessageCustomerInput },
  now: Date,
): Promise<MessageCustomerResult> {
  const db = deps.database.db;
  const vendor = await loadVendor(db, vendorId);
  if (vendor.closedAt) throw forbidden(CLOSED_VENDOR_MESSAGE);
  const customer = await getCustomerDetail(db, vendorId, userId);
  // Into the outbox with its counts and its audit row, or nothing at all: the vendor never waits
  // for the mail server, and a refused message counts against no limit.
  const outcome = await db.transaction(async (tx) => {
    const perVendor = await consumeRateLimit(
      tx,
      `vendor-message:${vendorId}`,
      MESSAGES_PER_VENDOR_PER_DAY,
      DAY_MS,
      now,
    );
    if (!perVendor.allowed)
      throw tooManyRequests(
        `You can message up to ${MESSAGES_PER_VENDOR_PER_DAY} customers a day. Please try again tomorrow.`,
        perVendor.retryAfterSeconds,
      );
    const queued = await sendVendorMessage(
      { email: deps.email, config: deps.config },
      {
        vendor: { id: vendor.id, businessName: vendor.businessName, slug: vendor.slug },
        customer: { userId: customer.userId, email: customer.email, name: customer.name },
        subject: input.subject,
        message: input.message,
      },
      now,
      { tx },
    );
    if (queued === 'capped')
      throw tooManyRequests(
        `This customer has already had ${VENDOR_MESSAGES_PER_CUSTOMER_PER_DAY} messages from you today. Please try again tomorrow.`,
        secondsUntilNextPakistanDay(now),
      );
    await recordAudit(tx, {
      actor,
      action: 'customer.message',
      targetType: 'user',
      targetId: customer.userId,
      vendorId,
      metadata: { subject: input.subject, outcome: queued },
    });
    return queued;
  });
  return { outcome };
}
