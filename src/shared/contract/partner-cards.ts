import type {
  cardPartnerListSchema,
  invitePartnerSchema,
  partnerInvitationListSchema,
  partnerResponseSchema,
} from '@shared/cards/partner-cards';
import type { ApiRoute } from './route';

/** Partner cards (decision 023): a card's partners, and the invitations a vendor received. Import it as a namespace: `import * as partnerCardsApi from '@shared/contract/partner-cards'`. */

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
