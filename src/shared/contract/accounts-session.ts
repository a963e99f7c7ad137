import type { meSchema } from '@shared/accounts';
import type { ApiRoute } from './route';

/**
 * "Who am I", read by every page. Kept apart from accounts.ts so that the first download of every
 * page carries this route only (a contract module is bundled whole; decision 030).
 */
export const me: ApiRoute<'GET', '/api/me', { response: typeof meSchema }, 200> = {
  method: 'GET',
  path: '/api/me',
};
