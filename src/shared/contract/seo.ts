import type { pageHeadQuerySchema, pageHeadSchema } from '@shared/admin-seo';
import { route } from './route';

/** A public page's head (title, description), as the HTML carries it. */
export const seoApi = {
  pageHead: route<{ query: typeof pageHeadQuerySchema; response: typeof pageHeadSchema }>()('GET', '/api/page-head'),
};
