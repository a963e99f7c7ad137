import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageHeadQuerySchema, pageHeadSchema } from '@shared/seo/admin-seo';
import { notFound } from '@server/errors';
import { resolvePublicHead } from './page-head';
import { robotsTxt, sitemapStream } from './sitemap';
import * as seoApi from '@shared/seo/contract';
import { serve } from '@server/lib/serve-route';

/**
 * What crawlers and every visitor read: /sitemap.xml and /robots.txt at the site root (register
 * without the /api prefix), and a public page's head at /api/page-head (the same one the HTML carries, so the app's tab title never undoes an admin's).
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
