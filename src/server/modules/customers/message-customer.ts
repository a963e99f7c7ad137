import type { AppDeps } from '@server/app-deps';
import type { MessageCustomerInput, MessageCustomerResult } from '@shared/customers/vendor-customers';
import { tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { CLOSED_VENDOR_MESSAGE, loadVendor } from '@server/modules/billing/vendor-plan';
import { forbidden } from '@server/errors';
import { getCustomerDetail } from './get-customer-detail';
import { sendVendorMessage } from './send-vendor-message';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A vendor may write to one customer twice a day and to 100 customers a day: updates, not spam. */
export const MESSAGES_PER_CUSTOMER_PER_DAY = 2;
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
  const perCustomer = await consumeRateLimit(
    db,
    `vendor-message:${vendorId}:${userId}`,
    MESSAGES_PER_CUSTOMER_PER_DAY,
    DAY_MS,
    now,
  );
  if (!perCustomer.allowed)
    throw tooManyRequests(
      'You have already messaged this customer twice today. Please try again tomorrow.',
      perCustomer.retryAfterSeconds,
    );
  const perVendor = await consumeRateLimit(db, `vendor-message:${vendorId}`, MESSAGES_PER_VENDOR_PER_DAY, DAY_MS, now);
  if (!perVendor.allowed)
    throw tooManyRequests(
      `You can message up to ${MESSAGES_PER_VENDOR_PER_DAY} customers a day. Please try again tomorrow.`,
      perVendor.retryAfterSeconds,
    );

  // Into the outbox with its audit row: the vendor never waits for the mail server.
  const outcome = await db.transaction(async (tx) => {
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
