import { z } from 'zod';

export const ADMIN_ANALYTICS_RANGES = ['30', '90'] as const;
export type AdminAnalyticsRange = (typeof ADMIN_ANALYTICS_RANGES)[number];

export const adminAnalyticsQuerySchema = z.object({
  range: z.enum(ADMIN_ANALYTICS_RANGES, { error: 'range must be 30 or 90 (days)' }).default('30'),
});

/** One Pakistan calendar day. */
export const dailyPointSchema = z.object({
  date: z.string(),
  signups: z.number(),
  stamps: z.number(),
  redemptions: z.number(),
  /** Subscription payments received that day, whole PKR. */
  revenue: z.number(),
});
export type DailyPoint = z.infer<typeof dailyPointSchema>;

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
  range: z.enum(ADMIN_ANALYTICS_RANGES),
  from: z.string(),
  to: z.string(),
  totals: z.object({ signups: z.number(), stamps: z.number(), redemptions: z.number(), revenue: z.number() }),
  daily: z.array(dailyPointSchema),
  byCity: z.array(breakdownRowSchema),
  byCategory: z.array(breakdownRowSchema),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
