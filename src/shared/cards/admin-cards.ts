import { z } from 'zod';
import { adminPageQueryFields, adminSearchField, pageInfoSchema } from '@shared/admin-paging';
import { CARD_STATUSES, CARD_TYPES } from './cards';

export const adminCardIdParamsSchema = z.object({ id: z.uuid({ error: 'Loyalty card not found' }) });

export const cardListQuerySchema = z.object({
  search: adminSearchField,
  status: z
    .enum(['all', ...CARD_STATUSES], { error: 'status must be all, active, draft, paused or archived' })
    .default('all'),
  type: z.enum(['all', ...CARD_TYPES], { error: 'type is not valid' }).default('all'),
  vendorId: z.uuid({ error: 'vendorId is not valid' }).optional(),
  ...adminPageQueryFields,
});
export type AdminCardListQuery = z.infer<typeof cardListQuerySchema>;

export const adminCardRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  cardType: z.enum(CARD_TYPES),
  status: z.enum(CARD_STATUSES),
  vendor: z.object({ id: z.string(), name: z.string(), slug: z.string(), status: z.string() }),
  stampsRequired: z.number(),
  rewardTitle: z.string(),
  rewardValue: z.number(),
  users: z.number(),
  dealPrice: z.number().nullable(),
  originalPrice: z.number().nullable(),
  stockLeft: z.number().nullable(),
  dealEndsAt: z.string().nullable(),
  featuredOrder: z.number().nullable(),
  moderationReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminCardRow = z.infer<typeof adminCardRowSchema>;
export const adminCardPageSchema = pageInfoSchema.extend({ cards: z.array(adminCardRowSchema) });
export type AdminCardPage = z.infer<typeof adminCardPageSchema>;

/** Pause or remove: the reason is stored on the card and e-mailed to the vendor's owner. */
export const moderateCardSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Please give a reason; the vendor will read it.')
    .max(500, 'Reason is at most 500 characters.'),
});

export const exclusivesQuerySchema = z.object({
  type: z
    .enum(['all', 'daily_chaska', 'exclusive'], { error: 'type must be all, daily_chaska or exclusive' })
    .default('all'),
  ...adminPageQueryFields,
});

/** A number fixes the card's place among featured cards (1 first); null takes it out of the order. */
export const featuredOrderSchema = z.object({
  featuredOrder: z
    .number({ error: 'Featured order must be a number.' })
    .int('Featured order must be a whole number.')
    .min(1, 'Featured order starts at 1.')
    .max(9999, 'Featured order is at most 9999.')
    .nullable(),
});

/** Move a featured card one place up or down among the featured cards. */
export const moveFeaturedSchema = z.object({
  direction: z.enum(['up', 'down'], { error: 'direction must be up or down' }),
});

/** What pausing, removing or restoring a card answers. */
export const moderatedCardSchema = z.object({
  id: z.string(),
  status: z.enum(CARD_STATUSES),
  moderationReason: z.string().nullable(),
});
export type ModeratedCard = z.infer<typeof moderatedCardSchema>;

/** What setting or moving a card's place among the exclusives answers. */
export const featuredPlaceSchema = z.object({ id: z.string(), featuredOrder: z.number().nullable() });
export type FeaturedPlace = z.infer<typeof featuredPlaceSchema>;
