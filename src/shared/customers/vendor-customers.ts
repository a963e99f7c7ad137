import { z } from 'zod';
import { pageInfoSchema } from '@shared/admin-paging';
import { fieldMessage } from '@shared/field-messages';
import { emailSubjectSchema } from '@shared/notifications/email';
import { CARD_STATUSES, CARD_TYPES, REWARD_STATUSES, USER_CARD_STATUSES } from '@shared/cards/cards';
import { EARN_KINDS, TIER_BASES } from '@shared/cards/earn-rules';

/** A customer is active when they collected a stamp or joined a card within this many days. */
export const ACTIVE_CUSTOMER_DAYS = 30;

/**
 * Status filters (SPEC.md: Active, Inactive, Completed). Active and Inactive split customers by
 * their last activity; Completed picks those who completed at least one card (earned a reward).
 */
export const CUSTOMER_STATUS_FILTERS = ['active', 'inactive', 'completed'] as const;
export type CustomerStatusFilter = (typeof CUSTOMER_STATUS_FILTERS)[number];
export const CUSTOMER_STATUS_LABELS: Record<CustomerStatusFilter, string> = {
  active: 'Active',
  inactive: 'Inactive',
  completed: 'Completed',
};

export const CUSTOMER_SORTS = ['recent', 'name', 'stamps', 'joined'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  recent: 'Recent',
  name: 'Name',
  stamps: 'Stamps',
  joined: 'Join Date',
};

export const CUSTOMER_PAGE_SIZE = 20;

export const customerFiltersSchema = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters.').optional(),
  cardId: z.uuid({ error: 'Loyalty card not found' }).optional(),
  status: z.enum(CUSTOMER_STATUS_FILTERS, { error: 'Status must be Active, Inactive or Completed.' }).optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: 'Sort by Recent, Name, Stamps or Join Date.' }).default('recent'),
  /** Customers stamped at this branch, their stamps there (decision 089). */
  branchId: z.uuid(fieldMessage('forms:branch.notFound')).optional(),
});
export type CustomerFilters = z.infer<typeof customerFiltersSchema>;

export const customerListQuerySchema = customerFiltersSchema.extend({
  page: z.coerce
    .number({ error: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page must be at least 1.')
    .max(100_000)
    .default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 customers per page.').default(CUSTOMER_PAGE_SIZE),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  cards: z.number(),
  stamps: z.number(),
  rewards: z.number(),
  joinedAt: z.string(),
  lastActivityAt: z.string(),
  status: z.enum(['active', 'inactive']),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerListSchema = pageInfoSchema.extend({ customers: z.array(customerRowSchema) });
export type CustomerList = z.infer<typeof customerListSchema>;

export const customersSummarySchema = z.object({
  tiles: z.object({
    totalCustomers: z.number(),
    activeCustomers: z.number(),
    completedCustomers: z.number(),
    newThisMonth: z.number(),
  }),
  /** Most stamps in the last 30 days. */
  mostActive: z.array(z.object({ userId: z.string(), name: z.string(), stamps: z.number() })),
  /** New customers per week (weeks from Monday, Pakistan time), the last 12 weeks. */
  acquisition: z.array(z.object({ week: z.string(), newCustomers: z.number() })),
});
export type CustomersSummary = z.infer<typeof customersSummarySchema>;

export const customerIdParamsSchema = z.object({ userId: z.string().min(1).max(100) });

export const customerDetailSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  joinedAt: z.string(),
  cards: z.array(
    z.object({
      userCardId: z.string(),
      cardId: z.string(),
      name: z.string(),
      cardType: z.enum(CARD_TYPES),
      cardStatus: z.enum(CARD_STATUSES),
      /** How the card earns (decision 085): on a points card the progress is points. */
      earnKind: z.enum(EARN_KINDS),
      stampsCollected: z.number(),
      stampsRequired: z.number(),
      status: z.enum(USER_CARD_STATUSES),
      joinedAt: z.string(),
      lastStampAt: z.string().nullable(),
      /**
       * The customer's level on a tiered card whose shop's plan has tiers (decision 087), as the
       * customer sees it: `name` null below the first level; `count` their visits or points of
       * the last 90 days. Null without tiers.
       */
      tier: z
        .object({
          level: z.number().int(),
          name: z.string().nullable(),
          multiplier: z.number(),
          basis: z.enum(TIER_BASES),
          count: z.number().int(),
        })
        .nullable(),
    }),
  ),
  stamps: z.array(z.object({ id: z.string(), cardName: z.string(), issuedAt: z.string() })),
  rewards: z.array(
    z.object({
      id: z.string(),
      cardName: z.string(),
      rewardTitle: z.string(),
      rewardValue: z.number(),
      status: z.enum(REWARD_STATUSES),
      earnedAt: z.string(),
      redeemedAt: z.string().nullable(),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const messageCustomerSchema = z.object({
  subject: emailSubjectSchema,
  message: z.string().trim().min(1, 'Message is required.').max(2000, 'Message must be at most 2,000 characters.'),
});
export type MessageCustomerInput = z.infer<typeof messageCustomerSchema>;

export const messageCustomerResultSchema = z.object({ outcome: z.enum(['sent', 'queued', 'skipped', 'failed']) });
export type MessageCustomerResult = z.infer<typeof messageCustomerResultSchema>;
