import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@shared/ok';
import { saveSeoPageSchema, seoPageListSchema, seoPageSchema, seoPathQuerySchema } from '@shared/seo/admin-seo';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { listSeoPages, resetSeoPage, saveSeoPage } from './seo-pages';
import * as seoApi from '@shared/seo/contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** SEO Automation (/admin/seo): every public page's title and description, the sitemap and robots.txt. */
export const adminSeoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(app, seoApi.seoPages, { schema: { response: { 200: seoPageListSchema } } }, async () => ({
    pages: await listSeoPages(db()),
    sitemapUrl: `${app.deps.config.publicUrl}/sitemap.xml`,
    robotsUrl: `${app.deps.config.publicUrl}/robots.txt`,
  }));

  serve(
    app,
    seoApi.saveSeoPage,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { body: saveSeoPageSchema, response: { 200: seoPageSchema } },
    },
    async (request) => saveSeoPage(db(), request.body, actorOf(await requireAdmin(request)), app.deps.clock.now()),
  );

  serve(
    app,
    seoApi.resetSeoPage,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { querystring: seoPathQuerySchema, response: { 200: okSchema } },
    },
    async (request) => {
      await resetSeoPage(db(), request.query.path, actorOf(await requireAdmin(request)));
      return { ok: true as const };
    },
  );
};
