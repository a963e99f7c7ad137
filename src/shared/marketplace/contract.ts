import type { ApiRoute } from '@shared/api-route';
import type {
  cardListQuerySchema,
  cardPageSchema,
  joinCardResultSchema,
  landingStatsSchema,
  publicVendorDetailSchema,
  vendorListQuerySchema,
  vendorPageSchema,
} from '@shared/marketplace/marketplace';
import type { shareOverviewSchema } from '@shared/marketplace/share-api';
import type {
  socialOverviewSchema,
  socialPostNowSchema,
  socialPostPageSchema,
  socialPostQuerySchema,
  socialPostSchema,
  socialScheduleInputSchema,
  socialScheduleSchema,
} from '@shared/marketplace/social-api';

/** The marketplace domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

export const stats: ApiRoute<'GET', '/api/marketplace/stats', { response: typeof landingStatsSchema }, 200> = {
  method: 'GET',
  path: '/api/marketplace/stats',
};

export const vendors: ApiRoute<
  'GET',
  '/api/marketplace/vendors',
  { query: typeof vendorListQuerySchema; response: typeof vendorPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/marketplace/vendors',
};

export const vendor: ApiRoute<
  'GET',
  '/api/marketplace/vendors/:slug',
  { response: typeof publicVendorDetailSchema },
  200
> = {
  method: 'GET',
  path: '/api/marketplace/vendors/:slug',
};

export const cards: ApiRoute<
  'GET',
  '/api/marketplace/cards',
  { query: typeof cardListQuerySchema; response: typeof cardPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/marketplace/cards',
};

export const joinCard: ApiRoute<
  'POST',
  '/api/marketplace/cards/:cardId/join',
  { response: typeof joinCardResultSchema },
  201
> = {
  method: 'POST',
  path: '/api/marketplace/cards/:cardId/join',
};

export const overview: ApiRoute<'GET', '/api/vendor/share', { response: typeof shareOverviewSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/share',
};

// The Social Media Agent (/admin/social): the platform's deals on its Facebook Page and Instagram.
export const socialOverview: ApiRoute<'GET', '/api/admin/social', { response: typeof socialOverviewSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/social',
};

export const saveSocialSchedule: ApiRoute<
  'PUT',
  '/api/admin/social/schedule',
  { body: typeof socialScheduleInputSchema; response: typeof socialScheduleSchema },
  200
> = {
  method: 'PUT',
  path: '/api/admin/social/schedule',
};

export const socialPosts: ApiRoute<
  'GET',
  '/api/admin/social/posts',
  { query: typeof socialPostQuerySchema; response: typeof socialPostPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/social/posts',
};

export const postTodaysDealsNow: ApiRoute<
  'POST',
  '/api/admin/social/post-now',
  { response: typeof socialPostNowSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/social/post-now',
};

export const retrySocialPost: ApiRoute<
  'POST',
  '/api/admin/social/posts/:id/retry',
  { response: typeof socialPostSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/social/posts/:id/retry',
};
