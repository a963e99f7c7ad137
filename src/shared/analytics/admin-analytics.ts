import { z } from 'zod';
import { ANALYTICS_RANGES, analyticsRangeSchema } from '@shared/analytics/vendor-analytics';

/** The admin chooses among the vendor analytics' ranges, parsed the same way. */
export const adminAnalyticsQuerySchema = z.object({ range: analyticsRangeSchema });

/** One day, week or month (Pakistan time) of the range, as the vendor's chart buckets it. */
export const platformPointSchema = z.object({
  /** First day of the bucket, YYYY-MM-DD in Pakistan time. */
  bucket: z.string(),
  signups: z.number(),
  stamps: z.number(),
  redemptions: z.number(),
  /** Subscription payments received in it, whole PKR. */
  revenue: z.number(),
});
export type PlatformPoint = z.infer<typeof platformPointSchema>;

export const breakdownRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  vendors: z.number(),
  stamps: z.number(),
  redemptions: z.number(),
  revenue: z.number(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const adminAnalyticsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  bucket: z.enum(['day', 'week', 'month']),
  from: z.string(),
  to: z.string(),
  totals: z.object({ signups: z.number(), stamps: z.number(), redemptions: z.number(), revenue: z.number() }),
  series: z.array(platformPointSchema),
  byCity: z.array(breakdownRowSchema),
  byCategory: z.array(breakdownRowSchema),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
