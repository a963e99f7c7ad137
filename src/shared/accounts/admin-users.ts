import { z } from 'zod';
import { adminPageQueryFields, adminSearchField, pageInfoSchema } from '@shared/admin-paging';

export const userIdParamsSchema = z.object({
  id: z.string().trim().min(1, 'User id is not valid.').max(100, 'User id is not valid.'),
});

export const USER_STATUS_FILTERS = ['all', 'active', 'disabled', 'admins'] as const;
export const USER_STATUS_FILTER_LABELS: Record<(typeof USER_STATUS_FILTERS)[number], string> = {
  all: 'All',
  active: 'Active',
  disabled: 'Disabled',
  admins: 'Admins',
};

export const userListQuerySchema = z.object({
  search: adminSearchField,
  status: z.enum(USER_STATUS_FILTERS, { error: 'status must be all, active, disabled or admins' }).default('all'),
  ...adminPageQueryFields,
});
export type AdminUserListQuery = z.infer<typeof userListQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  verified: z.boolean(),
  isAdmin: z.boolean(),
  disabledAt: z.string().nullable(),
  /** The person closed the account, or an admin deleted it: nothing names them any more. */
  closedAt: z.string().nullable(),
  /** The vendor the person owns or works for, if any. */
  vendor: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(),
  cards: z.number(),
  stamps: z.number(),
  rewards: z.number(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserPageSchema = pageInfoSchema.extend({ users: z.array(adminUserRowSchema) });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminUserCardSchema = z.object({
  id: z.string(),
  cardName: z.string(),
  vendorName: z.string(),
  stampsCollected: z.number(),
  stampsRequired: z.number(),
  status: z.string(),
  startedAt: z.string(),
});
export const adminUserStampSchema = z.object({
  id: z.string(),
  cardName: z.string(),
  vendorName: z.string(),
  issuedAt: z.string(),
});
export const adminUserRewardSchema = z.object({
  id: z.string(),
  rewardTitle: z.string(),
  vendorName: z.string(),
  rewardValue: z.number(),
  status: z.string(),
  earnedAt: z.string(),
  redeemedAt: z.string().nullable(),
});

export const adminUserDetailSchema = adminUserRowSchema.extend({
  phone: z.string().nullable(),
  /** Who granted admin (an e-mail, or ADMIN_EMAILS), when the person is an admin. */
  adminGrantedBy: z.string().nullable(),
  userCards: z.array(adminUserCardSchema),
  recentStamps: z.array(adminUserStampSchema),
  rewardList: z.array(adminUserRewardSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserChangeSchema = z.object({
  id: z.string(),
  isAdmin: z.boolean(),
  disabledAt: z.string().nullable(),
  /** Revoked, but the address is in ADMIN_EMAILS, which grants admin again at the next start. */
  reappliedAtStart: z.boolean(),
});
export type AdminUserChange = z.infer<typeof adminUserChangeSchema>;

/** POST /api/admin/users/:id/close: an admin deletes an account, with the reason the audit log keeps. */
export const adminCloseUserSchema = z.object({
  reason: z
    .string({ error: 'Please give the reason for deleting this account.' })
    .trim()
    .min(1, 'Please give the reason for deleting this account.')
    .max(500, 'The reason can be at most 500 characters.'),
});
export type AdminCloseUserInput = z.infer<typeof adminCloseUserSchema>;
export const adminClosedUserSchema = z.object({ id: z.string(), closedAt: z.string() });
