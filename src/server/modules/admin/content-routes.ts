import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@shared/ok';
import { saveSeoPageSchema, seoPageListSchema, seoPageSchema, seoPathQuerySchema } from '@shared/admin-seo';
import {
  adminTextListSchema,
  textKeyParamsSchema,
  textOverrideBodySchema,
  textsQuerySchema,
} from '@shared/admin-texts';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/modules/audit/record-audit';
import { listSeoPages, resetSeoPage, saveSeoPage } from '@server/modules/seo/seo-pages';
import { listTextEntries, resetTextOverride, saveTextOverride } from '@server/modules/texts/text-overrides';
import * as adminApi from '@shared/contract/admin';
import { serve } from '@server/lib/serve-route';

/** SEO Automation (/admin/seo) and the Global Text Editor (/admin/text-editor). */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(app, adminApi.seoPages, { schema: { response: { 200: seoPageListSchema } } }, async () => ({
    pages: await listSeoPages(db()),
    sitemapUrl: `${app.deps.config.publicUrl}/sitemap.xml`,
    robotsUrl: `${app.deps.config.publicUrl}/robots.txt`,
  }));

  serve(
    app,
    adminApi.saveSeoPage,
    { schema: { body: saveSeoPageSchema, response: { 200: seoPageSchema } } },
    async (request) => saveSeoPage(db(), request.body, actorOf(await requireAdmin(request)), app.deps.clock.now()),
  );

  serve(
    app,
    adminApi.resetSeoPage,
    { schema: { querystring: seoPathQuerySchema, response: { 200: okSchema } } },
    async (request) => {
      await resetSeoPage(db(), request.query.path, actorOf(await requireAdmin(request)));
      return { ok: true as const };
    },
  );

  serve(
    app,
    adminApi.texts,
    { schema: { querystring: textsQuerySchema, response: { 200: adminTextListSchema } } },
    async (request) => listTextEntries(db(), request.query),
  );

  serve(
    app,
    adminApi.saveText,
    { schema: { params: textKeyParamsSchema, body: textOverrideBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await saveTextOverride(
        db(),
        { ...request.params, value: request.body.value },
        actorOf(await requireAdmin(request)),
        app.deps.clock.now(),
      );
      return { ok: true as const };
    },
  );

  serve(
    app,
    adminApi.resetText,
    { schema: { params: textKeyParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await resetTextOverride(db(), request.params, actorOf(await requireAdmin(request)));
      return { ok: true as const };
    },
  );
};
