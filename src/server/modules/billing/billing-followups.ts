import type { FastifyBaseLogger } from 'fastify';
import { planFor } from '@shared/plans';
import type { Database } from '@server/db/client';
import type { EmailService } from '@server/modules/notifications/email-service';
import type { ApplyOutcome } from './apply-billing-event';
import { notifyCancellationScheduled, notifyCardsPaused, notifyReceipt } from './notify-plan-change';
import type { BillingEvent } from './payment-provider';
import type { SettledChange } from './settle-period-end';

interface FollowUpDeps {
  db: Database;
  email: EmailService;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The e-mails a billing change causes (receipt, cancellation confirmation, paused cards), queued
 * through the e-mail service after the change committed and not awaited: like the stamp path, no
 * webhook, request or job waits for the mail server (the outbox retries what fails).
 */
function inBackground(deps: FollowUpDeps, what: string, sends: Promise<void>[]): void {
  void Promise.all(sends).catch((error: unknown) =>
    deps.log.error({ err: error, what }, 'Failed to queue a billing e-mail'),
  );
}

export function followUpBillingEvent(deps: FollowUpDeps, event: BillingEvent, result: ApplyOutcome): void {
  if (result.outcome !== 'applied' && result.outcome !== 'stale') return;
  const sends: Promise<void>[] = [];
  if (result.receipt)
    sends.push(notifyReceipt(deps.db, deps.email, deps.publicUrl, { vendorId: result.vendorId, ...result.receipt }));
  if (result.outcome === 'applied') {
    if (result.pausedCards.length > 0) sends.push(notifyCardsPaused(deps.db, deps.email, deps.publicUrl, result));
    if (event.type === 'cancel_scheduled' && event.cancelAt) {
      sends.push(
        notifyCancellationScheduled(deps.db, deps.email, deps.publicUrl, {
          vendorId: result.vendorId,
          plan: planFor(event.planId ?? result.fromPlan.id),
          endsAt: event.cancelAt,
        }),
      );
    }
  }
  inBackground(deps, event.type, sends);
}

export function followUpSettledPeriods(deps: FollowUpDeps, changes: SettledChange[]): void {
  inBackground(
    deps,
    'period end',
    changes
      .filter((change) => change.pausedCards.length > 0)
      .map((change) => notifyCardsPaused(deps.db, deps.email, deps.publicUrl, change)),
  );
}
