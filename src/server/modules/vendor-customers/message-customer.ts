import type { AppDeps } from '@server/app-deps';
import type { MessageCustomerInput, MessageCustomerResult } from '@shared/vendor-customers';
import { tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { recordAudit, type AuditActor } from '@server/modules/audit/record-audit';
import { CLOSED_VENDOR_MESSAGE, loadVendor } from '@server/modules/vendor-plan/vendor-plan';
import { forbidden } from '@server/errors';
import { getCustomerDetail } from './get-customer-detail';
import { sendVendorMessage } from './send-vendor-message';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A vendor may write to one customer twice a day and to 100 customers a day: updates, not spam. */
export const MESSAGES_PER_CUSTOMER_PER_DAY = 2;
export const MESSAGES_PER_VENDOR_PER_DAY = 100;

/**
 * E-mails one of the vendor's customers, within the manual-message rate limits, through
 * sendVendorMessage. The e-mail service checks the customer's vendor_updates preference (and
 * unsubscribe) and answers "skipped" when it is off.
 */
export async function messageCustomer(
  deps: Pick<AppDeps, 'database' | 'email' | 'config'>,
  vendorId: string,
  actor: AuditActor,
  userId: string,
  input: MessageCustomerInput,
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
    throw tooManyRequests('You have already messaged this customer twice today. Please try again tomorrow.');
  const perVendor = await consumeRateLimit(db, `vendor-message:${vendorId}`, MESSAGES_PER_VENDOR_PER_DAY, DAY_MS, now);
  if (!perVendor.allowed)
    throw tooManyRequests(
      `You can message up to ${MESSAGES_PER_VENDOR_PER_DAY} customers a day. Please try again tomorrow.`,
    );

  const outcome = await sendVendorMessage(deps, {
    vendor,
    customer,
    subject: input.subject,
    body: input.message,
  });
  await recordAudit(db, {
    actor,
    action: 'customer.message',
    targetType: 'user',
    targetId: customer.userId,
    vendorId,
    metadata: { subject: input.subject, outcome },
  });
  return { outcome };
}
