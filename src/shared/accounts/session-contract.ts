import type { languageChoiceSchema, meSchema } from '@shared/accounts/accounts';
import type { ApiRoute } from '@shared/api-route';
import type { okSchema } from '@shared/ok';

/*
 * "Who am I" and the language switch, read by every page. Apart from contract.ts so that the first
 * download of every page carries these routes only (a contract module is bundled whole; decision 030).
 */

/**
 * "Who am I", read by every page. Kept apart from accounts.ts so that the first download of every
 * page carries this route only (a contract module is bundled whole; decision 030).
 */
export const me: ApiRoute<'GET', '/api/me', { response: typeof meSchema }, 200> = {
  method: 'GET',
  path: '/api/me',
};

/** The header's language switch, for a signed-in person (a visitor's choice is only its cookie). */
export const setLanguage: ApiRoute<
  'PUT',
  '/api/accounts/language',
  { body: typeof languageChoiceSchema; response: typeof okSchema },
  200
> = {
  method: 'PUT',
  path: '/api/accounts/language',
};
