import type { pageHeadQuerySchema, pageHeadSchema } from '@shared/seo/admin-seo';
import type { ApiRoute } from './route';

/** A public page's head (title, description), as the HTML carries it. Import it as a namespace: `import * as seoApi from '@shared/contract/seo'`. */

export const pageHead: ApiRoute<
  'GET',
  '/api/page-head',
  { query: typeof pageHeadQuerySchema; response: typeof pageHeadSchema },
  200
> = {
  method: 'GET',
  path: '/api/page-head',
};
