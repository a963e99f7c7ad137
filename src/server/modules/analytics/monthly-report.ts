import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { ProgrammeHealth } from '@shared/analytics/programme-health';
import { formatNumber } from '@shared/number-format';
import { BRAND } from '@shared/brand';
import {
  addPakistanMonths,
  formatDateKey,
  formatLongMonth,
  pakistanDateKey,
  pakistanInstant,
  startOfPakistanMonth,
} from '@shared/pakistan-time';
import type { Database } from '@server/db/client';
import { vendorMonthlyReports, vendors } from '@server/db/schema';
import { handlerOf, jobKind, NO_PAYLOAD, type RecurringJob } from '@server/lib/job-queue';
import { serverText } from '@server/lib/texts';
import type { EmailService } from '@server/modules/notifications/email-service';
import { renderLayout } from '@server/modules/notifications/templates/layout';
import { findVendorOwner } from '@server/modules/vendors/vendor-owner';
import { getMonthHealth } from './programme-health';
import type { AnalyticsDocument } from './analytics-document';

/**
 * The monthly report (decision 090): on the 1st at MONTHLY_REPORT_HOUR Pakistan time, each
 * approved, open vendor's owner is e-mailed last month's programme health in plain words, in
 * their language (the outbox renders in the recipient's). A vendor's report is claimed by a row of
 * `vendor_monthly_reports` in the transaction that queues the e-mail, so a second run of the job
 * (another process, a retry) finds the month claimed and sends nothing.
 */
export const MONTHLY_REPORT_JOB = jobKind('analytics.monthly_report', NO_PAYLOAD);
export const MONTHLY_REPORT_HOUR = 9;

/** The first 1st-of-the-month at MONTHLY_REPORT_HOUR:00 Pakistan time after an instant. */
export function nextMonthlyReportAt(after: Date): Date {
  const month = startOfPakistanMonth(after);
  const thisMonth = pakistanInstant(pakistanDateKey(month), MONTHLY_REPORT_HOUR);
  if (thisMonth.getTime() > after.getTime()) return thisMonth;
  return pakistanInstant(pakistanDateKey(addPakistanMonths(month, 1)), MONTHLY_REPORT_HOUR);
}

export const monthlyReportJob: RecurringJob = { name: MONTHLY_REPORT_JOB.name, next: nextMonthlyReportAt };

/** The report's paragraphs, in the language the outbox renders in. */
export function monthlyReportParagraphs(
  input: { name: string; business: string; month: string },
  health: ProgrammeHealth,
): string[] {
  const rupees = (value: number) => `Rs ${formatNumber(value)}`;
  const { figures, rewards, value, breakage } = health;
  const paragraphs = [
    serverText('emails:monthlyReport.intro', input),
    serverText('emails:monthlyReport.visits', {
      customers: formatNumber(figures.customers),
      visits: formatNumber(figures.visits),
      repeat: formatNumber(figures.repeatCustomers),
      rate: `${formatNumber(figures.repeatRate)}%`,
    }),
  ];
  if (figures.medianDaysBetweenVisits !== null)
    paragraphs.push(serverText('emails:monthlyReport.gap', { days: formatNumber(figures.medianDaysBetweenVisits) }));
  paragraphs.push(
    serverText('emails:monthlyReport.rewards', {
      cost: rupees(rewards.costRupees),
      redeemed: formatNumber(rewards.redeemed),
      extra: formatNumber(rewards.extraVisits),
    }),
  );
  paragraphs.push(
    value.monthlyReturningRevenueRupees !== null && value.averageSpendRupees !== null
      ? serverText('emails:monthlyReport.revenue', {
          revenue: rupees(value.monthlyReturningRevenueRupees),
          spend: rupees(value.averageSpendRupees),
        })
      : serverText('emails:monthlyReport.noSpend'),
  );
  if (breakage)
    paragraphs.push(
      serverText('emails:monthlyReport.breakage', {
        expired: formatNumber(breakage.expired),
        waiting: formatNumber(breakage.waiting),
      }),
    );
  return paragraphs;
}

/**
 * The report as an analytics document, for its PDF (the project's PDF library draws its standard
 * fonts, so the PDF is in English; the e-mail carries the owner's language).
 */
export function monthlyReportDocument(businessName: string, month: string, health: ProgrammeHealth): AnalyticsDocument {
  const { figures, rewards, value, breakage } = health;
  const title = `${businessName} — what ${BRAND.name} did for you in ${formatDateKey(month, 'month')}`;
  return {
    title,
    chart: {
      title: 'Customers per week (new and returning)',
      bucket: 'week',
      bars: health.weeks.map((week) => ({ bucket: week.week, value: week.newCustomers + week.returningCustomers })),
    },
    tables: [
      {
        title: 'Programme health',
        header: ['Measure', 'Value'],
        rows: [
          ['Period', `${health.from} to ${health.to} (Pakistan time)`],
          ['Customers', figures.customers],
          ['Visits', figures.visits],
          ['Came back (on two days or more)', `${figures.repeatCustomers} (${figures.repeatRate}%)`],
          ['Visits per customer a month', figures.visitsPerCustomerMonth],
          ['Days between visits (median)', figures.medianDaysBetweenVisits ?? '–'],
          ['Rewards redeemed', rewards.redeemed],
          ['Rewards’ cost (Rs)', rewards.costRupees],
          ['Extra visits', rewards.extraVisits],
          ['Cost per extra visit (Rs)', rewards.costPerExtraVisit ?? '–'],
          ['Rewards earned, expired unredeemed', breakage?.expired ?? 0],
          ['Rewards earned, waiting', breakage?.waiting ?? 0],
          ['Average spend per visit (Rs)', value.averageSpendRupees ?? 'not known'],
          ['Returning customers bring a month (Rs)', value.monthlyReturningRevenueRupees ?? 'not known'],
        ],
      },
      {
        title: 'Customers still visiting, by month of first visit',
        header: ['First visit', 'Customers', 'Share in each month from then'],
        rows: health.cohorts.map((row) => [
          formatDateKey(row.month, 'month'),
          row.customers,
          row.shares.map((share) => `${share}%`).join(' · '),
        ]),
      },
      ...(health.penetration && health.penetration.length > 0
        ? [
            {
              title: 'Share of your bills with a stamp',
              header: ['Month', 'Visits', 'Bills', 'Share'],
              rows: health.penetration.map((row) => [
                formatDateKey(row.month, 'month'),
                row.visits,
                row.totalBills,
                `${row.share}%`,
              ]),
            },
          ]
        : []),
    ],
  };
}

/** Queues last month's report for every vendor that has not had it; how many were queued. */
export async function sendMonthlyReports(
  deps: { db: Database; email: EmailService; publicUrl: string },
  now: Date,
): Promise<number> {
  const monthStart = addPakistanMonths(startOfPakistanMonth(now), -1);
  const month = pakistanDateKey(monthStart);
  const due = await deps.db
    .select({ id: vendors.id, businessName: vendors.businessName, averageSpendRupees: vendors.averageSpendRupees })
    .from(vendors)
    .where(
      and(
        eq(vendors.status, 'approved'),
        isNull(vendors.closedAt),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(vendorMonthlyReports)
            .where(and(eq(vendorMonthlyReports.vendorId, vendors.id), eq(vendorMonthlyReports.month, month))),
        ),
      ),
    );
  let queued = 0;
  for (const vendor of due) {
    const owner = await findVendorOwner(deps.db, vendor.id);
    if (!owner) continue;
    const health = await getMonthHealth(deps.db, vendor.id, month, vendor.averageSpendRupees);
    await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(vendorMonthlyReports)
        .values({ vendorId: vendor.id, month, sentAt: now })
        .onConflictDoNothing()
        .returning({ vendorId: vendorMonthlyReports.vendorId });
      if (claimed.length === 0) return;
      await deps.email.enqueue(
        {
          type: 'plan_change',
          to: owner.email,
          userId: owner.id,
          render: () => {
            // The month's name in the recipient's language: the outbox renders in it.
            const values = { name: owner.name, business: vendor.businessName, month: formatLongMonth(monthStart) };
            const subject = serverText('emails:monthlyReport.subject', { month: values.month });
            return renderLayout({
              subject,
              heading: subject,
              paragraphs: [
                ...monthlyReportParagraphs(values, health),
                serverText('emails:monthlyReport.pdf', {
                  url: `${deps.publicUrl}/api/vendor/analytics/monthly-report.pdf?month=${month.slice(0, 7)}`,
                }),
              ],
              action: { label: serverText('emails:monthlyReport.action'), url: `${deps.publicUrl}/vendor/analytics` },
            });
          },
        },
        { tx },
      );
      queued += 1;
    });
  }
  return queued;
}

export function monthlyReportHandler(deps: { db: Database; email: EmailService; publicUrl: string }) {
  return handlerOf(MONTHLY_REPORT_JOB, {
    async run(_payload, _job, now) {
      await sendMonthlyReports(deps, now);
    },
  });
}
