import { and, eq } from 'drizzle-orm';
import { receiptNumberLabel } from '@shared/billing/billing';
import { planFor } from '@shared/billing/plans';
import type { Executor } from '@server/db/client';
import { payments, users, vendorMembers, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import type { PaymentProvider } from './payment-provider';
import type { ReceiptDocument } from './receipt-pdf';
import { describePayment } from './list-payments';

export const RECEIPT_NOT_FOUND_MESSAGE = 'No such receipt.';

/**
 * The receipt of one paid payment, for the owner of the vendor that paid it or an admin. Anyone
 * else, a failed payment and an unknown id all get the same 404, so a receipt's existence is not
 * disclosed.
 */
export async function getReceipt(
  db: Executor,
  provider: PaymentProvider,
  input: { paymentId: string; viewer: { isAdmin: boolean; ownerOfVendorId: string | null } },
): Promise<ReceiptDocument> {
  const [row] = await db
    .select({ payment: payments, vendor: vendors })
    .from(payments)
    .innerJoin(vendors, eq(vendors.id, payments.vendorId))
    .where(eq(payments.id, input.paymentId))
    .limit(1);
  const allowed = row && (input.viewer.isAdmin || input.viewer.ownerOfVendorId === row.vendor.id);
  if (!row || !allowed || row.payment.status !== 'paid') throw notFound(RECEIPT_NOT_FOUND_MESSAGE);
  const { payment, vendor } = row;
  const [owner] = await db
    .select({ email: users.email })
    .from(vendorMembers)
    .innerJoin(users, eq(users.id, vendorMembers.userId))
    .where(and(eq(vendorMembers.vendorId, vendor.id), eq(vendorMembers.role, 'owner')))
    .limit(1);
  const described = provider.describe();
  return {
    receiptNumber: receiptNumberLabel(payment.receiptNumber),
    businessName: vendor.businessName,
    address: [vendor.address, vendor.area, vendor.city].filter((part) => part.trim() !== '').join(', '),
    email: vendor.contactEmail || owner?.email || '',
    planName: planFor(payment.planId).name,
    description: describePayment(planFor(payment.planId).id, payment.kind),
    amount: payment.amount,
    credit:
      payment.creditPlanId && payment.creditAmount > 0
        ? { planName: planFor(payment.creditPlanId).name, amount: payment.creditAmount }
        : null,
    paidAt: payment.paidAt,
    periodEnd: payment.periodEnd,
    providerName: payment.provider === described.id ? described.name : payment.provider,
    providerReference: payment.providerReference,
  };
}
