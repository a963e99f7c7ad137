import type { pageHeadQuerySchema, pageHeadSchema } from '@shared/admin-seo';
import type { textOverridesMapSchema } from '@shared/admin-texts';
import { route } from './route';

/** What every visitor's browser reads: the admin's text overrides and a public page's head. */
export const seoApi = {
  texts: route<{ response: typeof textOverridesMapSchema }>()('GET', '/api/texts'),
  pageHead: route<{ query: typeof pageHeadQuerySchema; response: typeof pageHeadSchema }>()('GET', '/api/page-head'),
};
