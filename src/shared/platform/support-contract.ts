import type { ApiRoute } from '@shared/api-route';
import type { okSchema } from '@shared/ok';
import type {
  adminSupportPageSchema,
  adminSupportQuerySchema,
  adminSupportThreadSchema,
  newSupportConversationSchema,
  supportConversationListSchema,
  supportMessageInputSchema,
  supportTemplateInputSchema,
  supportTemplateListSchema,
  supportTemplateSchema,
  supportThreadSchema,
} from '@shared/platform/support-inbox';

/*
 * The support inbox (decision 030's contract, platform domain): a signed-in customer or vendor
 * writes from /support and follows the answers there; the admin answers on the Chat Assistant
 * page (/admin/chat) with saved replies. Apart from contract.ts so that /support downloads only
 * these routes.
 */

// The requester's own conversations
export const supportConversations: ApiRoute<
  'GET',
  '/api/support/conversations',
  { response: typeof supportConversationListSchema },
  200
> = {
  method: 'GET',
  path: '/api/support/conversations',
};

export const startSupportConversation: ApiRoute<
  'POST',
  '/api/support/conversations',
  { body: typeof newSupportConversationSchema; response: typeof supportThreadSchema },
  201
> = {
  method: 'POST',
  path: '/api/support/conversations',
};

export const supportConversation: ApiRoute<
  'GET',
  '/api/support/conversations/:id',
  { response: typeof supportThreadSchema },
  200
> = {
  method: 'GET',
  path: '/api/support/conversations/:id',
};

export const writeSupportMessage: ApiRoute<
  'POST',
  '/api/support/conversations/:id/messages',
  { body: typeof supportMessageInputSchema; response: typeof supportThreadSchema },
  200
> = {
  method: 'POST',
  path: '/api/support/conversations/:id/messages',
};

export const closeSupportConversation: ApiRoute<
  'POST',
  '/api/support/conversations/:id/close',
  { response: typeof supportThreadSchema },
  200
> = {
  method: 'POST',
  path: '/api/support/conversations/:id/close',
};

// The admin's inbox
export const adminSupportConversations: ApiRoute<
  'GET',
  '/api/admin/support/conversations',
  { query: typeof adminSupportQuerySchema; response: typeof adminSupportPageSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/support/conversations',
};

export const adminSupportConversation: ApiRoute<
  'GET',
  '/api/admin/support/conversations/:id',
  { response: typeof adminSupportThreadSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/support/conversations/:id',
};

export const answerSupportConversation: ApiRoute<
  'POST',
  '/api/admin/support/conversations/:id/answers',
  { body: typeof supportMessageInputSchema; response: typeof adminSupportThreadSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/support/conversations/:id/answers',
};

export const adminCloseSupportConversation: ApiRoute<
  'POST',
  '/api/admin/support/conversations/:id/close',
  { response: typeof adminSupportThreadSchema },
  200
> = {
  method: 'POST',
  path: '/api/admin/support/conversations/:id/close',
};

// The admin's saved replies
export const supportTemplates: ApiRoute<
  'GET',
  '/api/admin/support/templates',
  { response: typeof supportTemplateListSchema },
  200
> = {
  method: 'GET',
  path: '/api/admin/support/templates',
};

export const createSupportTemplate: ApiRoute<
  'POST',
  '/api/admin/support/templates',
  { body: typeof supportTemplateInputSchema; response: typeof supportTemplateSchema },
  201
> = {
  method: 'POST',
  path: '/api/admin/support/templates',
};

export const updateSupportTemplate: ApiRoute<
  'PUT',
  '/api/admin/support/templates/:id',
  { body: typeof supportTemplateInputSchema; response: typeof supportTemplateSchema },
  200
> = {
  method: 'PUT',
  path: '/api/admin/support/templates/:id',
};

export const deleteSupportTemplate: ApiRoute<
  'DELETE',
  '/api/admin/support/templates/:id',
  { response: typeof okSchema },
  200
> = {
  method: 'DELETE',
  path: '/api/admin/support/templates/:id',
};
