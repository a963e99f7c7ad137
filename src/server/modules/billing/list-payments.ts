import { count, desc, eq, sql } from 'drizzle-orm';
import {
  PAYMENTS_PAGE_SIZE,
  receiptNumberLabel,
  type PaymentKind,
  type PaymentStatus,
  type PaymentsPage,
} from '@shared/billing/billing';
import { planFor, type PlanId } from '@shared/billing/plans';
import { planName } from '@shared/billing/plan-texts';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { payments } from '@server/db/schema';
import { serverText } from '@server/lib/texts';

const KIND_TEXT = {
  subscription: 'vendor:payments.kind.subscription',
  renewal: 'vendor:payments.kind.renewal',
  failed: 'vendor:payments.kind.failed',
} as const satisfies Record<PaymentKind, string>;

/** "Standard plan, monthly renewal", in the reader's language. */
export function describePayment(planId: PlanId, kind: PaymentKind): string {
  return serverText(KIND_TEXT[kind], { plan: planName(planId, serverText) });
}

/** The vendor's payments, newest first, one page at a time. */
export async function listPayments(
  db: Executor,
  vendorId: string,
  page: number,
  pageSize = PAYMENTS_PAGE_SIZE,
): Promise<PaymentsPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(eq(payments.vendorId, vendorId))
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(payments).where(eq(payments.vendorId, vendorId)),
  ]);
  return {
    payments: rows.map((row) => {
      const plan = planFor(row.planId);
      return {
        id: row.id,
        planId: plan.id,
        planName: plan.name,
        amount: row.amount,
        credit:
          row.creditPlanId && row.creditAmount > 0
            ? { planId: planFor(row.creditPlanId).id, amount: row.creditAmount }
            : null,
        currency: row.currency,
        status: row.status as PaymentStatus,
        description: describePayment(plan.id, row.kind),
        reference: row.providerReference,
        paidAt: row.paidAt.toISOString(),
        periodEnd: row.periodEnd?.toISOString() ?? null,
        receiptNumber: row.status === 'paid' ? receiptNumberLabel(row.receiptNumber) : null,
      };
    }),
    page,
    pageSize,
    total: Number(total?.value ?? 0),
  };
}

/** Subscription payments received since the first of this month, 00:00 Pakistan time (whole PKR). */
export function monthlyRevenueSql(monthStart: Date) {
  return sql`(select coalesce(sum(${qualified(payments.amount)}), 0)::bigint from ${payments} where ${qualified(payments.status)} = 'paid' and ${qualified(payments.paidAt)} >= ${monthStart.toISOString()}::timestamptz)`;
}
