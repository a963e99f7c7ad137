import type { ApiRoute } from '@shared/api-route';
import type {
  adminCardPageSchema,
  cardListQuerySchema,
  exclusivesQuerySchema,
  featuredOrderSchema,
  featuredPlaceSchema,
  moderateCardSchema,
  moderatedCardSchema,
  moveFeaturedSchema,
} from '@shared/cards/admin-cards';
import type {
  cardPartnerListSchema,
  invitePartnerSchema,
  partnerInvitationListSchema,
  partnerResponseSchema,
} from '@shared/cards/partner-cards';
import type {
  cardFieldsSchema,
  cardTiersSchema,
  createCardSchema,
  deleteCardResultSchema,
  vendorCardListSchema,
  vendorCardSchema,
} from '@shared/cards/vendor-cards';

/** The cards domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

// Cards and exclusives
export const cards: ApiRoute<
  'GET',
  '/api/admin/cards',
  { query: typeof cardListQuerySchema; response: typeof adminCardPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/cards',
};

export const pauseCard: ApiRoute<
  'POST',
  '/api/admin/cards/:id/pause',
  { body: typeof moderateCardSchema; response: typeof moderatedCardSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/cards/:id/pause',
};

export const removeCard: ApiRoute<
  'POST',
  '/api/admin/cards/:id/remove',
  { body: typeof moderateCardSchema; response: typeof moderatedCardSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/cards/:id/remove',
};

export const restoreCard: ApiRoute<
  'POST',
  '/api/admin/cards/:id/restore',
  { response: typeof moderatedCardSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/cards/:id/restore',
};

export const exclusives: ApiRoute<
  'GET',
  '/api/admin/exclusives',
  { query: typeof exclusivesQuerySchema; response: typeof adminCardPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/exclusives',
};

export const setFeaturedOrder: ApiRoute<
  'PUT',
  '/api/admin/cards/:id/featured-order',
  { body: typeof featuredOrderSchema; response: typeof featuredPlaceSchema },
  200
> = {
  method: 'PUT',
  path: '/api/admin/cards/:id/featured-order',
};

export const moveFeatured: ApiRoute<
  'POST',
  '/api/admin/cards/:id/move',
  { body: typeof moveFeaturedSchema; response: typeof featuredPlaceSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/cards/:id/move',
};

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

export const setTiers: ApiRoute<
  'PUT',
  '/api/vendor/cards/:id/tiers',
  { body: typeof cardTiersSchema; response: typeof vendorCardSchema },
  200
> = {
  method: 'PUT',
  path: '/api/vendor/cards/:id/tiers',
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

export const partners: ApiRoute<
  'GET',
  '/api/vendor/cards/:id/partners',
  { response: typeof cardPartnerListSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/cards/:id/partners',
};

export const invitePartner: ApiRoute<
  'POST',
  '/api/vendor/cards/:id/partners',
  { body: typeof invitePartnerSchema; response: typeof cardPartnerListSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/cards/:id/partners',
};

export const removePartner: ApiRoute<
  'DELETE',
  '/api/vendor/cards/:id/partners/:vendorId',
  { response: typeof cardPartnerListSchema },
  200
> = {
  method: 'DELETE',
  path: '/api/vendor/cards/:id/partners/:vendorId',
};

export const invitations: ApiRoute<
  'GET',
  '/api/vendor/partner-invitations',
  { response: typeof partnerInvitationListSchema },
  200
> = {
  method: 'GET',
  path: '/api/vendor/partner-invitations',
};

export const respondToInvitation: ApiRoute<
  'POST',
  '/api/vendor/partner-invitations/:cardId',
  { body: typeof partnerResponseSchema; response: typeof partnerInvitationListSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/partner-invitations/:cardId',
};
