import type { ApiRoute } from '@shared/api-route';
import type { googleSaveLinkSchema, walletAvailabilitySchema } from '@shared/wallet/wallet';

/** The wallet domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

export const availability: ApiRoute<'GET', '/api/wallet', { response: typeof walletAvailabilitySchema }, 200> = {
  method: 'GET',
  path: '/api/wallet',
};

export const googleSaveLink: ApiRoute<
  'POST',
  '/api/wallet/cards/:userCardId/google',
  { response: typeof googleSaveLinkSchema },
  200
> = {
  method: 'POST',
  path: '/api/wallet/cards/:userCardId/google',
};
