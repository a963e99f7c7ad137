import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renderApiReferenceHtml } from './api-reference-html';
import { buildOpenApiDocument } from './openapi';
import { serverBodyLimit } from '@server/plugins/openapi';

/**
 * GET /developers: the vendor API's readable reference, a server-rendered page (not a screen of
 * the app), so it reads without JavaScript and costs no page of the app a byte.
 */
export const vendorApiReferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const page = renderApiReferenceHtml(buildOpenApiDocument(app.deps.config.publicUrl, serverBodyLimit(app)));
  app.get('/developers', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(page),
  );
};
