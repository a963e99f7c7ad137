import { z } from 'zod';
import { fieldMessage } from '@shared/field-messages';
import { ANALYTICS_LEVELS, PLAN_IDS } from '@shared/billing/plans';
import { cardPerformanceSchema, DASHBOARD_RANGES } from '@shared/analytics/vendor-analytics';
import { SUBSCRIPTION_STATUSES } from './vendors';

export const dashboardQuerySchema = z.object({
  range: z.enum(DASHBOARD_RANGES, { error: 'Choose Last 7 days, Last 30 days or Last 3 months.' }).default('7d'),
  /** One branch's figures (decision 089); absent: the whole business. */
  branchId: z.uuid(fieldMessage('forms:branch.notFound')).optional(),
});

export const ACTIVITY_KINDS = ['stamp', 'reward_earned', 'reward_redeemed', 'change', 'automation'] as const;

export const vendorDashboardSchema = z.object({
  vendor: z.object({
    id: z.string(),
    businessName: z.string(),
    slug: z.string(),
    role: z.enum(['owner', 'staff']),
    closedAt: z.string().nullable(),
  }),
  plan: z.object({
    id: z.enum(PLAN_IDS),
    name: z.string(),
    maxCards: z.number(),
    maxStampsPerMonth: z.number(),
    analytics: z.enum(ANALYTICS_LEVELS),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  }),
  usage: z.object({ activeCards: z.number(), stampsThisMonth: z.number() }),
  /** SPEC.md section 8 texts, one per limit reached; empty when none is. */
  limitReasons: z.array(z.string()),
  tiles: z.object({
    activeCards: z.number(),
    totalUsers: z.number(),
    stampsIssued: z.number(),
    rewardsRedeemed: z.number(),
  }),
  chart: z.object({
    range: z.enum(DASHBOARD_RANGES),
    points: z.array(z.object({ bucket: z.string(), stamps: z.number() })),
  }),
  recentActivity: z.array(
    z.object({ id: z.string(), kind: z.enum(ACTIVITY_KINDS), message: z.string(), at: z.string() }),
  ),
  /** The vendor's leading cards: Card Performance's row, the columns the dashboard shows. */
  topCards: z.array(
    cardPerformanceSchema.pick({ id: true, name: true, cardType: true, status: true, users: true, stamps: true }),
  ),
});
export type VendorDashboard = z.infer<typeof vendorDashboardSchema>;
