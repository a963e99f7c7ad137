import { z } from 'zod';
import { fieldMessage } from '@shared/field-messages';
import { LANGUAGES } from '@shared/i18n/languages';
import { analyticsRangeSchema } from './vendor-analytics';

/**
 * Programme health (decision 090): whether the card brings customers back, from the visit and
 * reward rollups. A visit is a stamp of kind 'visit' that was not reversed: bonuses, head starts
 * and the extra stamps of one order are not visits. These are the statistics' rules, pure, so a
 * unit test can check each on figures worked out by hand.
 */

export const healthQuerySchema = z.object({
  range: analyticsRangeSchema,
  cardId: z.uuid({ error: 'Loyalty card not found' }).optional(),
  branchId: z.uuid(fieldMessage('forms:branch.notFound')).optional(),
});
export type HealthQuery = z.infer<typeof healthQuerySchema>;

const share = z.number().min(0).max(100);

export const healthFiguresSchema = z.object({
  customers: z.number().int(),
  /** Customers who visited on two or more days of the range. */
  repeatCustomers: z.number().int(),
  repeatRate: share,
  visits: z.number().int(),
  visitsPerCustomerMonth: z.number(),
  /** Median days between a customer's consecutive visit days in the range; null without any. */
  medianDaysBetweenVisits: z.number().nullable(),
});
export type HealthFigures = z.infer<typeof healthFiguresSchema>;

export const programmeHealthSchema = z.object({
  range: analyticsRangeSchema,
  from: z.string(),
  to: z.string(),
  figures: healthFiguresSchema,
  weeks: z.array(z.object({ week: z.string(), newCustomers: z.number().int(), returningCustomers: z.number().int() })),
  /** Month joined (first visit) and, from it on, the share of its customers who visited in each month. */
  cohorts: z.array(z.object({ month: z.string(), customers: z.number().int(), shares: z.array(share) })),
  rewards: z.object({
    redeemed: z.number().int(),
    costRupees: z.number().int(),
    /** Visits beyond each customer's first of the range: those the programme can claim. */
    extraVisits: z.number().int(),
    costPerExtraVisit: z.number().nullable(),
  }),
  /** Rewards earned in the range and never redeemed; null for one branch (a reward is the card's, not a branch's). */
  breakage: z.object({ expired: z.number().int(), waiting: z.number().int() }).nullable(),
  /**
   * Months with the vendor's total bills: the visits against them; null for one branch. The bills
   * are the owner's entry, else the POS's days summed (decision 090).
   */
  penetration: z
    .array(
      z.object({
        month: z.string(),
        visits: z.number().int(),
        totalBills: z.number().int(),
        share,
        source: z.enum(['entered', 'pos']),
      }),
    )
    .nullable(),
  value: z.object({
    averageSpendRupees: z.number().int().nullable(),
    averageSpendSource: z.enum(['bills', 'entered']).nullable(),
    returningVisitsPerMonth: z.number(),
    monthlyReturningRevenueRupees: z.number().int().nullable(),
  }),
  /** One row per branch with visits, where the vendor has more than one branch and none is chosen. */
  branches: z.array(healthFiguresSchema.extend({ id: z.string(), name: z.string() })).nullable(),
});
export type ProgrammeHealth = z.infer<typeof programmeHealthSchema>;

/** Most bills one month could hold: far above any shop, a typo's guard. */
export const MONTH_BILLS_MAX = 10_000_000;

export const monthBillsSchema = z.object({
  month: z
    .string(fieldMessage('forms:monthBills.month'))
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, fieldMessage('forms:monthBills.month')),
  totalBills: z
    .number(fieldMessage('forms:monthBills.totalBills'))
    .int(fieldMessage('forms:monthBills.totalBills'))
    .min(1, fieldMessage('forms:monthBills.totalBills'))
    .max(MONTH_BILLS_MAX, fieldMessage('forms:monthBills.totalBills')),
});
export type MonthBills = z.infer<typeof monthBillsSchema>;

/**
 * How the owner gets the monthly report (decision 090): by e-mail (the default), by WhatsApp to the
 * owner's verified number, or not at all.
 */
export const MONTHLY_REPORT_CHANNELS = ['email', 'whatsapp', 'off'] as const;
export type MonthlyReportChannel = (typeof MONTHLY_REPORT_CHANNELS)[number];

export const monthlyReportChannelSchema = z.object({
  channel: z.enum(MONTHLY_REPORT_CHANNELS, fieldMessage('forms:monthlyReport.channel')),
});
export type MonthlyReportChannelInput = z.infer<typeof monthlyReportChannelSchema>;

/** The report's channel, and whether WhatsApp can be chosen (the owner has a verified number). */
export const monthlyReportSettingsSchema = z.object({
  channel: z.enum(MONTHLY_REPORT_CHANNELS),
  whatsappAvailable: z.boolean(),
});
export type MonthlyReportSettings = z.infer<typeof monthlyReportSettingsSchema>;

/** The month of a monthly report's PDF. */
export const reportMonthQuerySchema = z.object({
  month: monthBillsSchema.shape.month,
  /** The PDF's language; left out, the reader's (decision 090). */
  language: z.enum(LANGUAGES, fieldMessage('forms:monthlyReport.language')).optional(),
});

/** A share in percent with one decimal; 0 of nothing. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}

/** The median of values given as a histogram (value, how many); the mean of the middle two for an even count. */
export function medianOfHistogram(histogram: ReadonlyArray<{ value: number; count: number }>): number | null {
  const sorted = [...histogram].filter((row) => row.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const at = (index: number) => {
    let seen = 0;
    for (const row of sorted) {
      seen += row.count;
      if (index < seen) return row.value;
    }
    return sorted[sorted.length - 1]!.value;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

/** Visits per customer per month: visits over the customer-months in which someone visited, two decimals. */
export function visitsPerCustomerMonth(visits: number, customerMonths: number): number {
  return customerMonths > 0 ? Math.round((visits / customerMonths) * 100) / 100 : 0;
}

/** The figures of one scope from its counts. */
export function healthFigures(counts: {
  customers: number;
  repeatCustomers: number;
  visits: number;
  customerMonths: number;
  gaps: ReadonlyArray<{ value: number; count: number }>;
}): HealthFigures {
  return {
    customers: counts.customers,
    repeatCustomers: counts.repeatCustomers,
    repeatRate: percentOf(counts.repeatCustomers, counts.customers),
    visits: counts.visits,
    visitsPerCustomerMonth: visitsPerCustomerMonth(counts.visits, counts.customerMonths),
    medianDaysBetweenVisits: medianOfHistogram(counts.gaps),
  };
}

/** The months (YYYY-MM-01) from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}-01`;
    if (key > last) return months;
    months.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/**
 * The cohort table: for each month customers first visited (from `first` to `last`), how many, and
 * the share of them who visited in that month and each later one up to `last`.
 */
export function cohortTable(
  active: ReadonlyArray<{ cohort: string; month: string; customers: number }>,
  first: string,
  last: string,
): ProgrammeHealth['cohorts'] {
  const months = monthsBetween(first, last);
  const count = new Map(active.map((row) => [`${row.cohort}|${row.month}`, row.customers]));
  return months
    .map((cohort, index) => {
      const size = count.get(`${cohort}|${cohort}`) ?? 0;
      return {
        month: cohort,
        customers: size,
        shares: months.slice(index).map((month) => percentOf(count.get(`${cohort}|${month}`) ?? 0, size)),
      };
    })
    .filter((row) => row.customers > 0);
}

/** What a reward cost for each visit beyond a customer's first of the range, in rupees; null without any. */
export function costPerExtraVisit(costRupees: number, extraVisits: number): number | null {
  return extraVisits > 0 ? Math.round((costRupees / extraVisits) * 100) / 100 : null;
}

/**
 * Average spend per visit: the bills the card recorded (points cards, the POS API) where there are
 * any in the range, else the figure the owner entered, else unknown.
 */
export function averageSpend(
  billedVisits: number,
  billRupees: number,
  entered: number | null,
): Pick<ProgrammeHealth['value'], 'averageSpendRupees' | 'averageSpendSource'> {
  if (billedVisits > 0)
    return { averageSpendRupees: Math.round(billRupees / billedVisits), averageSpendSource: 'bills' };
  if (entered !== null) return { averageSpendRupees: entered, averageSpendSource: 'entered' };
  return { averageSpendRupees: null, averageSpendSource: null };
}

/** Visits by returning customers (after their first visit ever) per 30 days of the range. */
export function returningVisitsPerMonth(returningVisits: number, rangeDays: number): number {
  return rangeDays > 0 ? Math.round(((returningVisits * 30) / rangeDays) * 100) / 100 : 0;
}

/** The rupees those visits bring a month at the average spend; null while the spend is unknown. */
export function monthlyReturningRevenue(perMonth: number, spend: number | null): number | null {
  return spend === null ? null : Math.round(perMonth * spend);
}
