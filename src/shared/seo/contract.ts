import type { ApiRoute } from '@shared/api-route';
import type { okSchema } from '@shared/ok';
import type {
  pageHeadQuerySchema,
  pageHeadSchema,
  saveSeoPageSchema,
  seoPageListSchema,
  seoPageSchema,
  seoPathQuerySchema,
} from '@shared/seo/admin-seo';

/** The seo domain's API routes (decision 030): one export per route, the shapes named by the schemas' types. */

// SEO and texts
export const seoPages: ApiRoute<'GET', '/api/admin/seo/pages', { response: typeof seoPageListSchema }, 200> = {
  method: 'GET',
  path: '/api/admin/seo/pages',
};

export const saveSeoPage: ApiRoute<
  'PUT',
  '/api/admin/seo/pages',
  { body: typeof saveSeoPageSchema; response: typeof seoPageSchema },
  200
> = {
  method: 'PUT',
  path: '/api/admin/seo/pages',
};

export const resetSeoPage: ApiRoute<
  'DELETE',
  '/api/admin/seo/pages',
  { query: typeof seoPathQuerySchema; response: typeof okSchema },
  200
> = {
  method: 'DELETE',
  path: '/api/admin/seo/pages',
};

export const pageHead: ApiRoute<
  'GET',
  '/api/page-head',
  { query: typeof pageHeadQuerySchema; response: typeof pageHeadSchema },
  200
> = {
  method: 'GET',
  path: '/api/page-head',
};
