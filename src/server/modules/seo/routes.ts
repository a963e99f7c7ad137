import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageHeadQuerySchema, pageHeadSchema } from '@shared/admin-seo';
import { textOverridesMapSchema, textOverridesQuerySchema } from '@shared/admin-texts';
import { notFound } from '@server/errors';
import { textOverridesFor } from '@server/modules/texts/text-overrides';
import { currentTextLanguage } from '@server/lib/texts';
import { resolvePublicHead } from './page-head';
import { robotsTxt, sitemapStream } from './sitemap';
import * as seoApi from '@shared/contract/seo';
import * as textsApi from '@shared/contract/texts';
import { serve } from '@server/lib/serve-route';

/**
 * What crawlers and every visitor read: /sitemap.xml and /robots.txt at the site root (register
 * without the /api prefix), the admin's UI text overrides at /api/texts, and a public page's head
 * at /api/page-head (the same one the HTML carries, so the app's tab title never undoes an admin's).
 */
export const publicSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sitemap.xml', async (_request, reply) => {
    const { reads, config } = app.deps;
    // Streamed, so it cannot start again elsewhere: the replica unless it is known to be away (decision 049).
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapStream(reads.current(), config.publicUrl));
  });

  app.get('/robots.txt', async (_request, reply) => {
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(app.deps.config.publicUrl));
  });

  serve(
    app,
    textsApi.overrides,
    { schema: { querystring: textOverridesQuerySchema, response: { 200: textOverridesMapSchema } } },
    async (request, reply) => {
      // Revalidated on every load so an admin sees a saved text at once; the server caches briefly.
      // Without ?language the answer follows the language cookie or Accept-Language.
      reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-language');
      return textOverridesFor(app.deps.database.db, request.query.language ?? currentTextLanguage());
    },
  );

  serve(
    app,
    seoApi.pageHead,
    { schema: { querystring: pageHeadQuerySchema, response: { 200: pageHeadSchema } } },
    async (request, reply) => {
      const head = await resolvePublicHead(app.deps, request.query.path);
      if (!head) throw notFound('There is no public page at this address.');
      reply.header('cache-control', 'no-cache');
      return { title: head.title, description: head.description };
    },
  );
};
