import type { ProgrammeHealth } from '@shared/analytics/programme-health';
import type { Language } from '@shared/i18n/languages';
import { formatNumber } from '@shared/number-format';
import {
  addPakistanMonths,
  formatDateKey,
  formatLongDateTime,
  formatLongMonth,
  pakistanDateKey,
  pakistanInstant,
  startOfPakistanMonth,
} from '@shared/pakistan-time';
import { jobKind, NO_PAYLOAD, type RecurringJob } from '@server/lib/job-queue';
import { serverText } from '@server/lib/texts';
import type { MonthlyReportMessage } from '@server/modules/notifications/text-messages';
import type { AnalyticsDocument } from './analytics-document';

/**
 * The monthly report (decision 090): on the 1st at MONTHLY_REPORT_HOUR Pakistan time, each
 * approved, open vendor's owner gets last month's programme health in plain words, in their
 * language, by the channel they chose. This file is what it says (the e-mail's paragraphs, the
 * WhatsApp template's figures, the PDF's document) and when; send-monthly-reports.ts sends it,
 * once per vendor and month.
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
 * The report as an analytics document, for its PDF, in the language serverText answers in (the
 * PDF route sets it; an Urdu PDF embeds an Urdu font, analytics-pdf.ts).
 */
export function monthlyReportDocument(
  businessName: string,
  month: string,
  health: ProgrammeHealth,
  generatedAt: Date,
): AnalyticsDocument {
  const { figures, rewards, value, breakage } = health;
  const n = (figure: number | null) => (figure === null ? '–' : formatNumber(figure));
  const monthName = formatLongMonth(pakistanInstant(month));
  return {
    title: `${serverText('emails:monthlyReport.subject', { month: monthName })} — ${businessName}`,
    generated: serverText('emails:monthlyReportPdf.generated', { at: formatLongDateTime(generatedAt) }),
    chart: {
      title: serverText('emails:monthlyReportPdf.chart'),
      highestLabel: serverText('emails:monthlyReportPdf.highest'),
      bucket: 'week',
      bars: health.weeks.map((week) => ({ bucket: week.week, value: week.newCustomers + week.returningCustomers })),
    },
    tables: [
      {
        title: serverText('emails:monthlyReportPdf.health'),
        header: [serverText('emails:monthlyReportPdf.measure'), serverText('emails:monthlyReportPdf.value')],
        rows: [
          [serverText('emails:monthlyReportPdf.period'), `${formatDateKey(health.from)} – ${formatDateKey(health.to)}`],
          [serverText('emails:monthlyReportPdf.customers'), n(figures.customers)],
          [serverText('emails:monthlyReportPdf.visits'), n(figures.visits)],
          [serverText('emails:monthlyReportPdf.cameBack'), `${n(figures.repeatCustomers)} (${n(figures.repeatRate)}%)`],
          [serverText('emails:monthlyReportPdf.visitsPerCustomer'), n(figures.visitsPerCustomerMonth)],
          [serverText('emails:monthlyReportPdf.daysBetween'), n(figures.medianDaysBetweenVisits)],
          [serverText('emails:monthlyReportPdf.redeemed'), n(rewards.redeemed)],
          [serverText('emails:monthlyReportPdf.rewardsCost'), n(rewards.costRupees)],
          [serverText('emails:monthlyReportPdf.extraVisits'), n(rewards.extraVisits)],
          [serverText('emails:monthlyReportPdf.costPerExtra'), n(rewards.costPerExtraVisit)],
          [serverText('emails:monthlyReportPdf.expired'), n(breakage?.expired ?? 0)],
          [serverText('emails:monthlyReportPdf.waiting'), n(breakage?.waiting ?? 0)],
          [
            serverText('emails:monthlyReportPdf.spend'),
            value.averageSpendRupees === null
              ? serverText('emails:monthlyReportPdf.notKnown')
              : n(value.averageSpendRupees),
          ],
          [
            serverText('emails:monthlyReportPdf.returningRevenue'),
            value.monthlyReturningRevenueRupees === null
              ? serverText('emails:monthlyReportPdf.notKnown')
              : n(value.monthlyReturningRevenueRupees),
          ],
        ],
      },
      {
        title: serverText('emails:monthlyReportPdf.cohorts'),
        header: [
          serverText('emails:monthlyReportPdf.firstVisit'),
          serverText('emails:monthlyReportPdf.customers'),
          serverText('emails:monthlyReportPdf.shares'),
        ],
        rows: health.cohorts.map((row) => [
          formatDateKey(row.month, 'month'),
          n(row.customers),
          row.shares.map((share) => `${formatNumber(share)}%`).join(' · '),
        ]),
      },
      ...(health.penetration && health.penetration.length > 0
        ? [
            {
              title: serverText('emails:monthlyReportPdf.penetration'),
              header: [
                serverText('emails:monthlyReportPdf.month'),
                serverText('emails:monthlyReportPdf.visits'),
                serverText('emails:monthlyReportPdf.bills'),
                serverText('emails:monthlyReportPdf.share'),
              ],
              rows: health.penetration.map((row) => [
                formatDateKey(row.month, 'month'),
                n(row.visits),
                n(row.totalBills),
                `${formatNumber(row.share)}%`,
              ]),
            },
          ]
        : []),
    ],
  };
}

/** The PDF's address, in the reader's language. */
export function reportPdfUrl(publicUrl: string, month: string, language: Language): string {
  return `${publicUrl}/api/vendor/analytics/monthly-report.pdf?month=${month.slice(0, 7)}&language=${language}`;
}

/** The headline figures by WhatsApp, in the language serverText answers in. */
export function monthlyReportWhatsAppValues(
  business: string,
  month: string,
  health: ProgrammeHealth,
  url: string,
): MonthlyReportMessage['values'] {
  const { figures, rewards } = health;
  return [
    business,
    formatLongMonth(pakistanInstant(month)),
    formatNumber(figures.customers),
    formatNumber(figures.visits),
    `${formatNumber(figures.repeatCustomers)} (${formatNumber(figures.repeatRate)}%)`,
    `Rs ${formatNumber(rewards.costRupees)}`,
    url,
  ];
}
