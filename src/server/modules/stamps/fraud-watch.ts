import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '@server/db/client';
import { fraudAlerts, stamps, vendorMembers, vendors } from '@server/db/schema';
import { handlerOf, jobInsertWhere, jobKind, newJob, NO_PAYLOAD } from '@server/lib/job-queue';
import { serverText } from '@server/lib/texts';
import type { EmailService } from '@server/modules/notifications/email-service';
import { renderLayout } from '@server/modules/notifications/templates/layout';
import { findVendorOwner } from '@server/modules/vendors/vendor-owner';
import { addPakistanDays, startOfPakistanDay } from '@shared/pakistan-time';
import { CUSTOMER_DAY_ALERT_ABOVE, staffHourStandsOut, type FraudAlertKind } from '@shared/stamps/fraud-rules';

/*
 * Watching for abuse (decision 086). A customer's day at one shop is watched inside the stamp's
 * transaction: the stamp already reads the customer's stamps of the day for the card's daily cap
 * (one range scan of stamps_user_idx), and the same read counts them at the shop, so an alert
 * costs the common stamp nothing more. A staff member's hour needs every member's stamps of the
 * hour, so an hourly job compares them, off the stamp's path.
 */

/** Stamps given at the counter: what the daily cap and the alerts count (bonuses are the product's, not the counter's). */
const COUNTER_STAMP_KINDS = ['visit', 'same_visit'] as const;

/** The customer's counter stamps of this Pakistan day, on the card (any counter) and at the issuing shop (any card). */
export async function readStampsToday(
  tx: Executor,
  input: { customerUserId: string; cardId: string; issuerVendorId: string; now: Date },
): Promise<{ onCard: number; atShop: number }> {
  const [row] = await tx
    .select({
      onCard: sql<number>`(count(*) filter (where ${stamps.cardId} = ${input.cardId}))::int`,
      atShop: sql<number>`(count(*) filter (where ${stamps.vendorId} = ${input.issuerVendorId}))::int`,
    })
    .from(stamps)
    .where(
      and(
        eq(stamps.userId, input.customerUserId),
        gte(stamps.issuedAt, startOfPakistanDay(input.now)),
        inArray(stamps.kind, COUNTER_STAMP_KINDS),
      ),
    );
  return { onCard: row?.onCard ?? 0, atShop: row?.atShop ?? 0 };
}

/** The owner's e-mail of a new alert, sent through the outbox by its job. */
const FRAUD_ALERT_EMAIL_JOB = jobKind('fraud.alert_email', z.object({ alertId: z.string() }));
/** The hourly comparison of staff members' stamps. */
export const STAFF_HOURS_JOB = jobKind('fraud.staff_hours', NO_PAYLOAD);
export const STAFF_HOURS_INTERVAL_MS = 60 * 60 * 1000;

interface NewAlert {
  vendorId: string;
  kind: FraudAlertKind;
  subjectUserId: string;
  windowStart: Date;
  windowEnd: Date;
  now: Date;
}

/**
 * The alert of this person and window, once: a second stamp above the rule finds it written and
 * changes nothing; the owner's e-mail is written with the alert, in the same statement.
 */
async function raiseAlert(tx: Executor, alert: NewAlert): Promise<void> {
  const id = randomUUID();
  const insert = tx
    .insert(fraudAlerts)
    .values({
      id,
      vendorId: alert.vendorId,
      kind: alert.kind,
      subjectUserId: alert.subjectUserId,
      windowStart: alert.windowStart,
      windowEnd: alert.windowEnd,
      createdAt: alert.now,
    })
    .onConflictDoNothing()
    .returning({ id: fraudAlerts.id });
  const email = jobInsertWhere(
    newJob(FRAUD_ALERT_EMAIL_JOB, { alertId: id }, { runAt: alert.now, uniqueKey: `fraud-alert:${id}` }),
    sql`exists (select 1 from raised)`,
  );
  await tx.execute(sql`with raised as (${insert.getSQL()}), emailed as (${email}) select 1`);
}

/**
 * After a counter stamp: a customer whose stamps at this shop today pass CUSTOMER_DAY_ALERT_ABOVE
 * raises the day's alert (nothing is written for the common stamp).
 */
export async function watchCustomerDay(
  tx: Executor,
  input: { vendorId: string; customerUserId: string; atShopBefore: number; quantity: number; now: Date },
): Promise<void> {
  if (input.atShopBefore + input.quantity <= CUSTOMER_DAY_ALERT_ABOVE) return;
  const windowStart = startOfPakistanDay(input.now);
  await raiseAlert(tx, {
    vendorId: input.vendorId,
    kind: 'customer_day',
    subjectUserId: input.customerUserId,
    windowStart,
    windowEnd: addPakistanDays(windowStart, 1),
    now: input.now,
  });
}

/**
 * Every vendor member's counter stamps in the hour [from, from + 1 h), one index range scan per
 * member's vendor (stamps_vendor_issued_idx); a member far above the others raises an alert (a
 * member who stamped alone that hour has nobody to be compared with).
 * Pakistan has no daylight saving and a whole-hour offset, so its clock hours are UTC's.
 */
export async function watchStaffHour(db: Executor, from: Date, now: Date): Promise<number> {
  const until = new Date(from.getTime() + STAFF_HOURS_INTERVAL_MS);
  const counted = await db
    .select({ vendorId: vendorMembers.vendorId, userId: vendorMembers.userId, stamps: sql<number>`count(*)::int` })
    .from(vendorMembers)
    .innerJoin(stamps, and(eq(stamps.vendorId, vendorMembers.vendorId), eq(stamps.createdBy, vendorMembers.userId)))
    .where(and(gte(stamps.issuedAt, from), lt(stamps.issuedAt, until), inArray(stamps.kind, COUNTER_STAMP_KINDS)))
    .groupBy(vendorMembers.vendorId, vendorMembers.userId);
  const byVendor = new Map<string, { userId: string; stamps: number }[]>();
  for (const row of counted) byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), row]);
  let raised = 0;
  for (const [vendorId, members] of byVendor) {
    for (const member of members) {
      const others = members.filter((other) => other.userId !== member.userId).map((other) => other.stamps);
      if (!staffHourStandsOut(member.stamps, others)) continue;
      await raiseAlert(db, {
        vendorId,
        kind: 'staff_hour',
        subjectUserId: member.userId,
        windowStart: from,
        windowEnd: until,
        now,
      });
      raised += 1;
    }
  }
  return raised;
}

/** The hourly job: the hour that ended last. */
export function staffHoursHandler(deps: { db: Database }) {
  return handlerOf(STAFF_HOURS_JOB, {
    async run(_payload, _job, now) {
      const hourStart = Math.floor(now.getTime() / STAFF_HOURS_INTERVAL_MS) * STAFF_HOURS_INTERVAL_MS;
      await watchStaffHour(deps.db, new Date(hourStart - STAFF_HOURS_INTERVAL_MS), now);
    },
  });
}

/** The owner hears of a new alert by e-mail (a security e-mail: sent at once, never in a digest). */
export function fraudAlertEmailHandler(deps: { db: Database; email: EmailService; publicUrl: string }) {
  return handlerOf(FRAUD_ALERT_EMAIL_JOB, {
    async run({ alertId }) {
      const [alert] = await deps.db
        .select({ vendorId: fraudAlerts.vendorId, kind: fraudAlerts.kind, businessName: vendors.businessName })
        .from(fraudAlerts)
        .innerJoin(vendors, eq(vendors.id, fraudAlerts.vendorId))
        .where(eq(fraudAlerts.id, alertId))
        .limit(1);
      if (!alert) return;
      const owner = await findVendorOwner(deps.db, alert.vendorId);
      if (!owner) return;
      const values = { business: alert.businessName, name: owner.name };
      await deps.email.enqueue({
        type: 'security',
        to: owner.email,
        userId: owner.id,
        render: () =>
          renderLayout({
            subject: serverText('emails:fraudAlert.subject', values),
            heading: serverText('emails:fraudAlert.heading'),
            paragraphs: [
              serverText(
                alert.kind === 'customer_day' ? 'emails:fraudAlert.customerDay' : 'emails:fraudAlert.staffHour',
                values,
              ),
              serverText('emails:fraudAlert.next'),
            ],
            action: { label: serverText('emails:fraudAlert.action'), url: `${deps.publicUrl}/vendor` },
          }),
      });
    },
  });
}
