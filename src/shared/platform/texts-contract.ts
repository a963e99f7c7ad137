import type { ApiRoute } from '@shared/api-route';
import type { textOverridesMapSchema, textOverridesQuerySchema } from '@shared/platform/admin-texts';

/*
 * The admin's text overrides as every visitor's browser lays them over the catalogue. Apart from
 * contract.ts so that the first download carries this route only (decision 030).
 */

export const overrides: ApiRoute<
  'GET',
  '/api/texts',
  { query: typeof textOverridesQuerySchema; response: typeof textOverridesMapSchema },
  200
> = {
  method: 'GET',
  path: '/api/texts',
};
