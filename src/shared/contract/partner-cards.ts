import type {
  cardPartnerListSchema,
  invitePartnerSchema,
  partnerInvitationListSchema,
  partnerResponseSchema,
} from '@shared/partner-cards';
import { route } from './route';

/** Partner cards (decision 023): a card's partners, and the invitations a vendor received. */
export const partnerCardsApi = {
  partners: route<{ response: typeof cardPartnerListSchema }>()('GET', '/api/vendor/cards/:id/partners'),
  invitePartner: route<{ body: typeof invitePartnerSchema; response: typeof cardPartnerListSchema }>()(
    'POST',
    '/api/vendor/cards/:id/partners',
  ),
  removePartner: route<{ response: typeof cardPartnerListSchema }>()(
    'DELETE',
    '/api/vendor/cards/:id/partners/:vendorId',
  ),
  invitations: route<{ response: typeof partnerInvitationListSchema }>()('GET', '/api/vendor/partner-invitations'),
  respondToInvitation: route<{ body: typeof partnerResponseSchema; response: typeof partnerInvitationListSchema }>()(
    'POST',
    '/api/vendor/partner-invitations/:cardId',
  ),
};
