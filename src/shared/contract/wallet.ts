import type { googleSaveLinkSchema, walletAvailabilitySchema } from '@shared/wallet/wallet';
import type { ApiRoute } from './route';

/**
 * Apple Wallet and Google Wallet passes of the customer's held cards (decision 041). The Apple
 * pass itself is a file (applePassPath), and Apple's pass web service under /api/wallet/apple
 * is called by devices, not by the app. Import it as a namespace: `import * as walletApi from
 * '@shared/contract/wallet'`.
 */

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
