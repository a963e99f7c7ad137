import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@shared/ok';
import {
  adminTextListSchema,
  textKeyParamsSchema,
  textOverrideBodySchema,
  textOverridesMapSchema,
  textOverridesQuerySchema,
  textsQuerySchema,
} from '@shared/platform/admin-texts';
import { requireAdmin } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';
import { currentTextLanguage } from '@server/lib/texts';
import { listTextEntries, resetTextOverride, saveTextOverride, textOverridesFor } from './text-overrides';
import * as platformApi from '@shared/platform/contract';
import * as textsApi from '@shared/platform/texts-contract';
import { serve } from '@server/lib/serve-route';
import { MINUTE_MS } from '@server/plugins/write-budgets';

/** Every visitor's UI text overrides at /api/texts, in the language they read. */
export const textRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

/** The Global Text Editor (/admin/text-editor): any text of the platform, per language. */
export const adminTextRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(
    app,
    platformApi.texts,
    { schema: { querystring: textsQuerySchema, response: { 200: adminTextListSchema } } },
    async (request) => listTextEntries(db(), request.query),
  );

  serve(
    app,
    platformApi.saveText,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: textKeyParamsSchema, body: textOverrideBodySchema, response: { 200: okSchema } },
    },
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
    platformApi.resetText,
    {
      config: { budget: { per: 'user', max: 60, windowMs: MINUTE_MS } },
      schema: { params: textKeyParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await resetTextOverride(db(), request.params, actorOf(await requireAdmin(request)));
      return { ok: true as const };
    },
  );
};
