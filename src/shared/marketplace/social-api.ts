import { z } from 'zod';
import { adminPageQueryFields, pageInfoSchema } from '@shared/admin-paging';
import { fieldMessage } from '@shared/field-messages';
import { SOCIAL_NETWORKS, SOCIAL_POST_KINDS, SOCIAL_POST_STATUSES } from './social-posts';

/** The Social Media Agent's admin screen (/admin/social): its settings, schedule and history. */

/** "HH:MM" of the Pakistan day, 00:00 to 23:59. */
export const WALL_CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** What the admin sets: on or off, where, when the Daily Chaska goes out, and the hourly deals. */
export const socialScheduleInputSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  facebook: z.boolean({ error: 'facebook must be true or false' }),
  instagram: z.boolean({ error: 'instagram must be true or false' }),
  dailyPostTime: z.string().regex(WALL_CLOCK_TIME, fieldMessage('admin:social.form.timeInvalid')),
  postHourlyDeals: z.boolean({ error: 'postHourlyDeals must be true or false' }),
});
export type SocialScheduleInput = z.infer<typeof socialScheduleInputSchema>;

export const socialScheduleSchema = socialScheduleInputSchema.extend({
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SocialSchedule = z.infer<typeof socialScheduleSchema>;

/** One network's settings: on when all of its variables are set, else the ones still to set. */
export const socialNetworkStatusSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  configured: z.boolean(),
  /** The environment variables still to set, by name. */
  missing: z.array(z.string()),
});
export type SocialNetworkStatus = z.infer<typeof socialNetworkStatusSchema>;

export const socialOverviewSchema = z.object({
  networks: z.array(socialNetworkStatusSchema),
  /** PUBLIC_URL is this machine: Facebook and Instagram cannot fetch the pictures from it. */
  publicUrlIsLocal: z.boolean(),
  publicUrl: z.string(),
  schedule: socialScheduleSchema,
});
export type SocialOverview = z.infer<typeof socialOverviewSchema>;

export const socialPostQuerySchema = z.object({
  status: z.enum([...SOCIAL_POST_STATUSES, 'all'], { error: 'status is not valid' }).default('all'),
  ...adminPageQueryFields,
});

export const socialPostSchema = z.object({
  id: z.string(),
  network: z.enum(SOCIAL_NETWORKS),
  kind: z.enum(SOCIAL_POST_KINDS),
  /** The card's name and its vendor's; null once the card is deleted. */
  cardName: z.string().nullable(),
  vendorName: z.string().nullable(),
  caption: z.string(),
  imageUrl: z.string(),
  link: z.string(),
  status: z.enum(SOCIAL_POST_STATUSES),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  /** The published post on the network, where there is one. */
  externalUrl: z.string().nullable(),
  scheduledFor: z.string(),
  postedAt: z.string().nullable(),
});
export type SocialPostRow = z.infer<typeof socialPostSchema>;

export const socialPostPageSchema = pageInfoSchema.extend({ posts: z.array(socialPostSchema) });

export const socialPostIdParamsSchema = z.object({ id: z.uuid({ error: 'id is not valid' }) });

/** "Post today's deals now": how many posts were added, of how many deals of today. */
export const socialPostNowSchema = z.object({ planned: z.number(), deals: z.number() });
export type SocialPostNowResult = z.infer<typeof socialPostNowSchema>;
