import { z } from 'zod';
import { fieldMessage } from '@shared/field-messages';
import { formatDateKey } from '@shared/pakistan-time';
import { CARD_STATUSES, CARD_TYPES } from '@shared/cards/cards';
import { ANALYTICS_LEVELS, type AnalyticsLevel } from '@shared/billing/plans';
import { partnerShareSchema } from '@shared/cards/partner-cards';

/** The analytics range selector of SPEC.md: 7 days, 30 days, 3 months, 6 months, a year. */
export const ANALYTICS_RANGES = ['7d', '30d', '3m', '6m', '1y'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '3m': '3 months',
  '6m': '6 months',
  '1y': '1 year',
};

/** The dashboard chart's selector: Last 7 days, Last 30 days, Last 3 months. */
export const DASHBOARD_RANGES = ['7d', '30d', '3m'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '3m': 'Last 3 months',
};

/** The same ranges as catalogue keys: the selector's label, and the words inside a sentence. */
export const DASHBOARD_RANGE_KEYS: Record<DashboardRange, string> = {
  '7d': 'vendor:range.7d',
  '30d': 'vendor:range.30d',
  '3m': 'vendor:range.3m',
};
export const DASHBOARD_RANGE_INLINE_KEYS: Record<DashboardRange, string> = {
  '7d': 'vendor:rangeInline.7d',
  '30d': 'vendor:rangeInline.30d',
  '3m': 'vendor:rangeInline.3m',
};

/** Days covered by each range, counted in whole Pakistan days ending today. */
export const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '3m': 90, '6m': 180, '1y': 365 };

export type AnalyticsBucket = 'day' | 'week' | 'month';
/** Daily points up to 3 months, weekly for 6 months, monthly for a year: every chart stays readable. */
export function bucketFor(range: AnalyticsRange): AnalyticsBucket {
  if (range === '6m') return 'week';
  if (range === '1y') return 'month';
  return 'day';
}

export interface AnalyticsFeatures {
  ranges: readonly AnalyticsRange[];
  /** New against returning customers over time. */
  customerMix: boolean;
  cardPerformance: boolean;
  topCustomers: boolean;
  peakHours: boolean;
  csv: boolean;
  pdf: boolean;
  report: boolean;
}

/**
 * What each plan's analytics level shows (ARCHITECTURE.md, "Vendor analytics levels"). The server
 * enforces it; the page uses it to show what an upgrade adds.
 */
export const ANALYTICS_FEATURES: Record<AnalyticsLevel, AnalyticsFeatures> = {
  basic: {
    ranges: ['7d', '30d'],
    customerMix: false,
    cardPerformance: false,
    topCustomers: false,
    peakHours: false,
    csv: false,
    pdf: false,
    report: false,
  },
  advanced: {
    ranges: ['7d', '30d', '3m'],
    customerMix: true,
    cardPerformance: true,
    topCustomers: false,
    peakHours: false,
    csv: true,
    pdf: false,
    report: false,
  },
  premium: {
    ranges: ANALYTICS_RANGES,
    customerMix: true,
    cardPerformance: true,
    topCustomers: true,
    peakHours: true,
    csv: true,
    pdf: true,
    report: true,
  },
  enterprise: {
    ranges: ANALYTICS_RANGES,
    customerMix: true,
    cardPerformance: true,
    topCustomers: true,
    peakHours: true,
    csv: true,
    pdf: true,
    report: true,
  },
};

export const ANALYTICS_LEVEL_LABELS: Record<AnalyticsLevel, string> = {
  basic: 'Basic',
  advanced: 'Advanced',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

/** The analytics levels as catalogue keys. */
export const ANALYTICS_LEVEL_KEYS: Record<AnalyticsLevel, string> = {
  basic: 'vendor:analyticsLevel.basic',
  advanced: 'vendor:analyticsLevel.advanced',
  premium: 'vendor:analyticsLevel.premium',
  enterprise: 'vendor:analyticsLevel.enterprise',
};

/** The four bands of Peak Hours, in Pakistan time. */
export const PEAK_BANDS = [
  { id: 'morning', label: 'Morning', from: 6, to: 12 },
  { id: 'afternoon', label: 'Afternoon', from: 12, to: 17 },
  { id: 'evening', label: 'Evening', from: 17, to: 21 },
  { id: 'night', label: 'Night', from: 21, to: 6 },
] as const;
export type PeakBandId = (typeof PEAK_BANDS)[number]['id'];

export function peakBandOf(hour: number): PeakBandId {
  if (hour >= 6 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 21) return 'evening';
  return 'night';
}

/** The range of a query, the vendor's and the admin's: 30 days unless chosen. */
export const analyticsRangeSchema = z
  .enum(ANALYTICS_RANGES, { error: 'Choose a range: 7 days, 30 days, 3 months, 6 months or 1 year.' })
  .default('30d');

export const analyticsQuerySchema = z.object({
  range: analyticsRangeSchema,
  cardId: z.uuid({ error: 'Loyalty card not found' }).optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The exports' query: the page's range and card, and its branch filter (decision 089). */
export const analyticsExportQuerySchema = analyticsQuerySchema.extend({
  branchId: z.uuid(fieldMessage('forms:branch.notFound')).optional(),
});
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuerySchema>;

export const seriesPointSchema = z.object({
  /** First day of the bucket, YYYY-MM-DD in Pakistan time. */
  bucket: z.string(),
  stamps: z.number(),
  redemptions: z.number(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const customerMixPointSchema = z.object({
  bucket: z.string(),
  newCustomers: z.number(),
  returningCustomers: z.number(),
});

export const cardPerformanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  cardType: z.enum(CARD_TYPES),
  status: z.enum(CARD_STATUSES),
  users: z.number(),
  stamps: z.number(),
  rewardsEarned: z.number(),
  rewardsRedeemed: z.number(),
  completionRate: z.number(),
});
export type CardPerformance = z.infer<typeof cardPerformanceSchema>;

export const topCustomerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  stamps: z.number(),
  rewards: z.number(),
});
export type TopCustomer = z.infer<typeof topCustomerSchema>;

export const peakHourSchema = z.object({
  band: z.enum(['morning', 'afternoon', 'evening', 'night']),
  stamps: z.number(),
  share: z.number(),
});

export const vendorAnalyticsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  level: z.enum(ANALYTICS_LEVELS),
  bucket: z.enum(['day', 'week', 'month']),
  from: z.string(),
  to: z.string(),
  card: z.object({ id: z.string(), name: z.string() }).nullable(),
  tiles: z.object({
    stampsIssued: z.number(),
    /** Of stampsIssued, those the vendor reversed (decision 086): still issued, with a reversal of their own. */
    stampsReversed: z.number(),
    rewardsRedeemed: z.number(),
    /** Rewards of the vendor's cards that expired unredeemed in the range (card reward expiry). */
    rewardsExpired: z.number(),
    activeUsers: z.number(),
    /** Of the customers who collected a stamp in the range, the share who completed a card in it. */
    completionRate: z.number(),
  }),
  series: z.array(seriesPointSchema),
  /** null when the plan's level does not include the section. */
  customerMix: z.array(customerMixPointSchema).nullable(),
  /**
   * The range as one period: new customers (first visit in it) and returning ones (visited in it
   * after an earlier visit, in it or before). A newcomer who came back is both.
   */
  customerMixTotals: z.object({ newCustomers: z.number(), returningCustomers: z.number() }).nullable(),
  cardPerformance: z.array(cardPerformanceSchema).nullable(),
  topCustomers: z.array(topCustomerSchema).nullable(),
  peakHours: z.array(peakHourSchema).nullable(),
  /**
   * With a partner card chosen: each vendor's share of the card in the range (stamps it issued,
   * rewards it confirmed), the owner first. null without a card or for a card without partners.
   */
  partnerShares: z.array(partnerShareSchema).nullable(),
});
export type VendorAnalytics = z.infer<typeof vendorAnalyticsSchema>;

/** "5 Nov" for days and weeks, "Nov 2026" for months; bucket keys are Pakistan dates. */
export function formatBucket(bucket: string, kind: AnalyticsBucket): string {
  return formatDateKey(bucket, kind === 'month' ? 'month' : 'day');
}

/**
 * Customer value (issue 44 part 2, decision 083): what a customer spends on a visit, in rupees, as
 * the owner states it. It turns the extra visits a campaign brought into rupees. Zero and anything
 * above this are refused: no shop's average visit is Rs 100,000.
 */
export const AVERAGE_SPEND_MAX_RUPEES = 100_000;
export const AVERAGE_SPEND_MESSAGE = `Average spend per visit must be a whole number of rupees from 1 to 100,000.`;

export const averageSpendSchema = z.object({
  averageSpendRupees: z
    .number({ error: AVERAGE_SPEND_MESSAGE })
    .int(AVERAGE_SPEND_MESSAGE)
    .min(1, AVERAGE_SPEND_MESSAGE)
    .max(AVERAGE_SPEND_MAX_RUPEES, AVERAGE_SPEND_MESSAGE)
    .nullable(),
});
export type AverageSpend = z.infer<typeof averageSpendSchema>;
