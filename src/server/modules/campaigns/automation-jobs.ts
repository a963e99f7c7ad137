import { and, eq, isNotNull, max, sql } from 'drizzle-orm';
import { birthdayYearInWeek, hasLapsed } from '@shared/campaigns/automations';
import { addPakistanDays, startOfPakistanDay } from '@shared/pakistan-time';
import type { Config } from '@server/config';
import type { Database } from '@server/db/client';
import { loyaltyCards, stamps, userCards, users, vendorAutomations, vendors } from '@server/db/schema';
import {
  finishJobWith,
  handlerOf,
  jobKind,
  NO_PAYLOAD,
  type JobHandler,
  type RecurringJob,
} from '@server/lib/job-queue';
import { AUTOMATION_EVENT_JOB } from './automation-events';
import type { EmailService } from '@server/modules/notifications/email-service';
import { vendorPlanHas } from '@server/modules/billing/plan-limits-for-vendor';
import { sendAutomation } from './send-automation';

/*
 * The automations' jobs on the one job runner (decision 037, 044): the event job (welcome, one to
 * go), enqueued in the transaction of the event; and the daily checks (birthday week, win-back),
 * recurring at AUTOMATIONS_HOUR, Pakistan time. Every send is once by its automation_sends key.
 */

export const BIRTHDAY_JOB = jobKind('automations.birthdays', NO_PAYLOAD);
export const WIN_BACK_JOB = jobKind('automations.win_back', NO_PAYLOAD);
/** The daily checks run at 10:00 in Pakistan: a morning message, not one at midnight. */
export const AUTOMATIONS_HOUR = 10;

interface AutomationJobDeps {
  db: Database;
  email: EmailService;
  config: Pick<Config, 'publicUrl'>;
}

/** The first AUTOMATIONS_HOUR:00 Pakistan time after an instant. */
export function nextAutomationRunAt(after: Date): Date {
  const today = new Date(startOfPakistanDay(after).getTime() + AUTOMATIONS_HOUR * 3_600_000);
  return today.getTime() > after.getTime() ? today : addPakistanDays(today, 1);
}

export const automationRecurringJobs: RecurringJob[] = [
  { name: BIRTHDAY_JOB.name, next: nextAutomationRunAt },
  { name: WIN_BACK_JOB.name, next: nextAutomationRunAt },
];

/** Welcome and one to go: the event's send, in the transaction that finishes the job. */
export function automationEventHandler(deps: AutomationJobDeps): JobHandler {
  return handlerOf(AUTOMATION_EVENT_JOB, {
    async run(event, job, now) {
      await finishJobWith(deps.db, job, now, async (tx) => {
        await sendAutomation(
          deps,
          tx,
          {
            kind: event.kind,
            vendorId: event.vendorId,
            userId: event.userId,
            occasion: event.kind === 'welcome' ? event.userCardId : (event.stampId ?? event.userCardId),
            ...(event.kind === 'welcome'
              ? { cardId: event.cardId }
              : { oneToGo: { cardId: event.cardId, left: event.left ?? 1, points: event.points ?? false } }),
          },
          now,
        );
      });
    },
  });
}

/** Vendors with an automation of this kind switched on whose plan in force has automations. */
async function vendorsWith(db: Database, kind: 'birthday' | 'win_back') {
  return db
    .select({ vendorId: vendorAutomations.vendorId, winBackDays: vendorAutomations.winBackDays })
    .from(vendorAutomations)
    .innerJoin(vendors, eq(vendors.id, vendorAutomations.vendorId))
    .where(
      and(
        eq(vendorAutomations.kind, kind),
        eq(vendorAutomations.enabled, true),
        eq(vendors.status, 'approved'),
        sql`${vendors.closedAt} is null`,
        vendorPlanHas('automations'),
      ),
    );
}

/**
 * Birthdays: every customer holding a card of the vendor whose birthday (users.date_of_birth)
 * falls in this Pakistan week gets it once for that birthday's year. Runs daily, so a vendor
 * who switches it on mid-week still greets this week's birthdays. One transaction per send.
 */
export async function sendDueBirthdays(deps: AutomationJobDeps, now: Date): Promise<number> {
  let sent = 0;
  for (const { vendorId } of await vendorsWith(deps.db, 'birthday')) {
    const customers = await deps.db
      .selectDistinct({ userId: users.id, dateOfBirth: users.dateOfBirth })
      .from(userCards)
      .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
      .innerJoin(users, eq(users.id, userCards.userId))
      .where(and(eq(loyaltyCards.vendorId, vendorId), isNotNull(users.dateOfBirth)));
    for (const customer of customers) {
      const year = birthdayYearInWeek(customer.dateOfBirth, now);
      if (year === null) continue;
      const result = await deps.db.transaction((tx) =>
        sendAutomation(deps, tx, { kind: 'birthday', vendorId, userId: customer.userId, occasion: String(year) }, now),
      );
      if (result === 'sent') sent += 1;
    }
  }
  return sent;
}

/**
 * Win-back: every customer whose last visit stamp on the vendor's cards is `days` Pakistan days
 * ago or more gets it once for that lapse (the last visit names it; a new visit starts another).
 */
export async function sendDueWinBacks(deps: AutomationJobDeps, now: Date): Promise<number> {
  let sent = 0;
  for (const { vendorId, winBackDays } of await vendorsWith(deps.db, 'win_back')) {
    // Last visits before the first day that has not lapsed yet; hasLapsed says the same per row.
    const before = addPakistanDays(startOfPakistanDay(now), 1 - winBackDays);
    const lastVisit = max(stamps.issuedAt);
    const lapsed = await deps.db
      .select({ userId: stamps.userId, lastVisitAt: lastVisit })
      .from(stamps)
      .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
      .where(and(eq(loyaltyCards.vendorId, vendorId), eq(stamps.kind, 'visit')))
      .groupBy(stamps.userId)
      .having(sql`${lastVisit} < ${before}`);
    for (const customer of lapsed) {
      const at = customer.lastVisitAt ? new Date(customer.lastVisitAt) : null;
      if (!at || !hasLapsed(at, winBackDays, now)) continue;
      const result = await deps.db.transaction((tx) =>
        sendAutomation(
          deps,
          tx,
          { kind: 'win_back', vendorId, userId: customer.userId, occasion: at.toISOString() },
          now,
        ),
      );
      if (result === 'sent') sent += 1;
    }
  }
  return sent;
}

export function birthdayHandler(deps: AutomationJobDeps): JobHandler {
  return handlerOf(BIRTHDAY_JOB, {
    async run(_payload, _job, now) {
      await sendDueBirthdays(deps, now);
    },
  });
}

export function winBackHandler(deps: AutomationJobDeps): JobHandler {
  return handlerOf(WIN_BACK_JOB, {
    async run(_payload, _job, now) {
      await sendDueWinBacks(deps, now);
    },
  });
}
