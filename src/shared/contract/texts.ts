import type { textOverridesMapSchema } from '@shared/admin-texts';
import { route } from './route';

/** The admin's text overrides as every visitor's browser lays them over the catalogue. */
export const textsApi = {
  overrides: route<{ response: typeof textOverridesMapSchema }>()('GET', '/api/texts'),
};
