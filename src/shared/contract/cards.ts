import type {
  cardFieldsSchema,
  createCardSchema,
  deleteCardResultSchema,
  vendorCardListSchema,
  vendorCardSchema,
} from '@shared/vendor-cards';
import { route } from './route';

/** The vendor's own cards: list, read, create, edit, activate, pause, delete. */
export const cardsApi = {
  list: route<{ response: typeof vendorCardListSchema }>()('GET', '/api/vendor/cards'),
  get: route<{ response: typeof vendorCardSchema }>()('GET', '/api/vendor/cards/:id'),
  create: route<{ body: typeof createCardSchema; response: typeof vendorCardSchema }>()('POST', '/api/vendor/cards'),
  update: route<{ body: typeof cardFieldsSchema; response: typeof vendorCardSchema }>()('PUT', '/api/vendor/cards/:id'),
  activate: route<{ response: typeof vendorCardSchema }>()('POST', '/api/vendor/cards/:id/activate'),
  pause: route<{ response: typeof vendorCardSchema }>()('POST', '/api/vendor/cards/:id/pause'),
  remove: route<{ response: typeof deleteCardResultSchema }>()('DELETE', '/api/vendor/cards/:id'),
};
