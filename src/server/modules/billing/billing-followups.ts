import { planFor } from '@shared/billing/plans';
import type { Executor } from '@server/db/client';
import type { EmailService } from '@server/modules/notifications/email-service';
import type { ApplyOutcome, SettledChange } from './billing-changes';
import { notifyCancellationScheduled, notifyCardsPaused, notifyReceipt } from './notify-plan-change';
import type { BillingEvent } from './payment-provider';

/** What a billing change needs to write its e-mails to the outbox. */
export interface BillingMail {
  email: EmailService;
  publicUrl: string;
}

/*
 * The e-mails a billing change causes (receipt, cancellation confirmation, paused cards), written
 * to the outbox in the transaction that made the change: they stand or fall with it, and no
 * webhook, page or job waits for the mail server (the job runner sends them).
 */

export async function queueBillingEventEmails(
  tx: Executor,
  mail: BillingMail,
  event: BillingEvent,
  result: ApplyOutcome,
): Promise<void> {
  if (result.outcome !== 'applied' && result.outcome !== 'stale') return;
  const { email, publicUrl } = mail;
  if (result.receipt) await notifyReceipt(tx, email, publicUrl, { vendorId: result.vendorId, ...result.receipt });
  if (result.outcome !== 'applied') return;
  await notifyCardsPaused(tx, email, publicUrl, result);
  if (event.type === 'cancel_scheduled' && event.cancelAt) {
    await notifyCancellationScheduled(tx, email, publicUrl, {
      vendorId: result.vendorId,
      plan: planFor(event.planId ?? result.fromPlan.id),
      endsAt: event.cancelAt,
    });
  }
}

export function queueSettledPeriodEmails(tx: Executor, mail: BillingMail, change: SettledChange): Promise<void> {
  return notifyCardsPaused(tx, mail.email, mail.publicUrl, change);
}
