import type { textOverridesMapSchema, textOverridesQuerySchema } from '@shared/platform/admin-texts';
import type { ApiRoute } from './route';

/** The admin's text overrides as every visitor's browser lays them over the catalogue. Import it as a namespace: `import * as textsApi from '@shared/contract/texts'`. */

export const overrides: ApiRoute<
  'GET',
  '/api/texts',
  { query: typeof textOverridesQuerySchema; response: typeof textOverridesMapSchema },
  200
> = {
  method: 'GET',
  path: '/api/texts',
};
