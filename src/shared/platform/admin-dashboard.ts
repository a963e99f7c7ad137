import { z } from 'zod';
import { MAX_PKR_AMOUNT } from '@shared/cards/vendor-cards';
import { formatLocale } from '@shared/format-locale';
import { formatTimeUnit } from '@shared/number-format';

/**
 * SPEC.md section 3's platform stats. monthlyRevenue is this month's subscription revenue
 * (PRODUCT.md section 5); the value of rewards redeemed this month is a separate figure.
 */
export const platformStatsSchema = z.object({
  totalVendors: z.number(),
  totalUsers: z.number(),
  activeCards: z.number(),
  monthlyRevenue: z.number(),
  redeemedRewardValue: z.number(),
  /** The month the two money figures cover, e.g. "May 2025" (Pakistan time). */
  monthLabel: z.string(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  timestamp: z.string(),
  actorEmail: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityListSchema = z.object({ items: z.array(activityItemSchema) });
export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit is at least 1')
    .max(100, 'limit is at most 100')
    .default(10),
});

export const topVendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  /** Distinct customers holding one of its cards. */
  users: z.number(),
  /** Subscription payments received from it, whole PKR. */
  revenue: z.number(),
});
export type TopVendor = z.infer<typeof topVendorSchema>;
export const topVendorListSchema = z.object({ vendors: z.array(topVendorSchema) });

export const SERVICE_STATES = ['operational', 'degraded', 'down'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** The services System Health checks, in the order it shows them. */
export const HEALTH_SERVICES = ['database', 'email', 'payments', 'liveEvents'] as const;
export type HealthService = (typeof HEALTH_SERVICES)[number];

export const serviceHealthSchema = z.object({
  service: z.enum(HEALTH_SERVICES),
  /** What the check found, in the reader's language (a failure's own reason stays as the service gave it). */
  status: z.enum(SERVICE_STATES),
  detail: z.string(),
  latencyMs: z.number().nullable(),
  /** Since when the service has been in this state (as seen by this app server). */
  since: z.string(),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

export const systemHealthSchema = z.object({
  services: z.array(serviceHealthSchema),
  appStartedAt: z.string(),
  checkedAt: z.string(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/**
 * "3 minutes ago", "5 hours ago", "2 days ago" (SPEC.md: ages shown as minutes, hours or days),
 * in the reader's language ("3 منٹ پہلے"), by Intl.
 */
export function formatAge(timestamp: string | Date, now: Date = new Date()): string {
  const then = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000));
  // Negative, the past: -0 too, which reads "0 minutes ago" where 0 would read "in 0 minutes".
  const ago = (value: number, unit: 'minute' | 'hour' | 'day') =>
    new Intl.RelativeTimeFormat(formatLocale(), { numeric: 'always' }).format(-value, unit);
  if (minutes < 60) return ago(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago(hours, 'hour');
  return ago(Math.floor(hours / 24), 'day');
}

/**
 * "4 days 3 hours", "12 minutes", "40 seconds": how long a service has been in its state, in the
 * reader's language ("4 دن 3 گھنٹے"), by Intl's unit names.
 */
export function formatDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0)
    return hours > 0 ? `${formatTimeUnit(days, 'day')} ${formatTimeUnit(hours, 'hour')}` : formatTimeUnit(days, 'day');
  if (hours > 0)
    return rest > 0
      ? `${formatTimeUnit(hours, 'hour')} ${formatTimeUnit(rest, 'minute')}`
      : formatTimeUnit(hours, 'hour');
  return minutes > 0 ? formatTimeUnit(minutes, 'minute') : formatTimeUnit(seconds, 'second');
}

const wholePkr = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(MAX_PKR_AMOUNT, `${label} is too large.`);

/** The admin's Daily Chaska form; the card is created active with stamps_required 1 (SPEC.md section 4). */
export const createDailyChaskaSchema = z
  .object({
    vendorId: z.uuid({ error: 'Please choose a vendor.' }),
    name: z.string().trim().min(1, 'Card name is required.').max(80, 'Card name must be at most 80 characters.'),
    rewardTitle: z
      .string()
      .trim()
      .min(1, 'Reward title is required.')
      .max(80, 'Reward title must be at most 80 characters.'),
    dealPrice: wholePkr('Deal price', 0),
    originalPrice: wholePkr('Original price', 1),
    stock: z
      .number({ error: 'Stock must be a number.' })
      .int('Stock must be a whole number.')
      .min(1, 'Stock must be at least 1.')
      .max(100_000, 'Stock must be at most 100,000.'),
    endsAt: z
      .string({ error: 'Please enter when the deal ends.' })
      .refine((value) => !Number.isNaN(Date.parse(value)), 'Please enter a valid end time.'),
  })
  .superRefine((input, context) => {
    if (input.dealPrice >= input.originalPrice) {
      context.addIssue({
        code: 'custom',
        path: ['dealPrice'],
        message: 'Deal price must be lower than the original price.',
      });
    }
  });
export type CreateDailyChaskaInput = z.infer<typeof createDailyChaskaSchema>;

export const createdCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  vendorName: z.string(),
  cardType: z.string(),
  status: z.string(),
  stampsRequired: z.number(),
  dealEndsAt: z.string().nullable(),
});
export type CreatedCard = z.infer<typeof createdCardSchema>;

/** A vendor to pick in a form: approved ones for Daily Chaska, enterprise ones for API keys. */
export const vendorOptionSchema = z.object({ id: z.string(), name: z.string(), city: z.string(), plan: z.string() });
export type VendorOption = z.infer<typeof vendorOptionSchema>;
export const vendorOptionsQuerySchema = z.object({
  search: z.string().trim().max(100, 'search is at most 100 characters').optional(),
  plan: z.enum(['starter', 'standard', 'premium', 'enterprise'], { error: 'plan is not valid' }).optional(),
});
export const vendorOptionListSchema = z.object({ vendors: z.array(vendorOptionSchema) });
