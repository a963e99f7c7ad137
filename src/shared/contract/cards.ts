import type {
  cardFieldsSchema,
  createCardSchema,
  deleteCardResultSchema,
  vendorCardListSchema,
  vendorCardSchema,
} from '@shared/cards/vendor-cards';
import type { ApiRoute } from './route';

/** The vendor's own cards: list, read, create, edit, activate, pause, delete. Import it as a namespace: `import * as cardsApi from '@shared/contract/cards'`. */

export const list: ApiRoute<'GET', '/api/vendor/cards', { response: typeof vendorCardListSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/cards',
};

export const get: ApiRoute<'GET', '/api/vendor/cards/:id', { response: typeof vendorCardSchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/cards/:id',
};

export const create: ApiRoute<
  'POST',
  '/api/vendor/cards',
  { body: typeof createCardSchema; response: typeof vendorCardSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/cards',
};

export const update: ApiRoute<
  'PUT',
  '/api/vendor/cards/:id',
  { body: typeof cardFieldsSchema; response: typeof vendorCardSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/cards/:id',
};

export const activate: ApiRoute<'POST', '/api/vendor/cards/:id/activate', { response: typeof vendorCardSchema }, 200> =
  {
    method: 'POST',
    path: '/api/vendor/cards/:id/activate',
  };

export const pause: ApiRoute<'POST', '/api/vendor/cards/:id/pause', { response: typeof vendorCardSchema }, 200> = {
  method: 'POST',
  path: '/api/vendor/cards/:id/pause',
};

export const remove: ApiRoute<'DELETE', '/api/vendor/cards/:id', { response: typeof deleteCardResultSchema }, 200> = {
  method: 'DELETE',
  path: '/api/vendor/cards/:id',
};
