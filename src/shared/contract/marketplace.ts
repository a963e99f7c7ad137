import type {
  cardListQuerySchema,
  cardPageSchema,
  joinCardResultSchema,
  landingStatsSchema,
  publicVendorDetailSchema,
  vendorListQuerySchema,
  vendorPageSchema,
} from '@shared/marketplace';
import { route } from './route';

/** The public marketplace: landing figures, vendors, cards, and joining a card. */
export const marketplaceApi = {
  stats: route<{ response: typeof landingStatsSchema }>()('GET', '/api/marketplace/stats'),
  vendors: route<{ query: typeof vendorListQuerySchema; response: typeof vendorPageSchema }>()(
    'GET',
    '/api/marketplace/vendors',
  ),
  vendor: route<{ response: typeof publicVendorDetailSchema }>()('GET', '/api/marketplace/vendors/:slug'),
  cards: route<{ query: typeof cardListQuerySchema; response: typeof cardPageSchema }>()(
    'GET',
    '/api/marketplace/cards',
  ),
  joinCard: route<{ response: typeof joinCardResultSchema }>()('POST', '/api/marketplace/cards/:cardId/join', 201),
};
