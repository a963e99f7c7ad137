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
