import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BRAND } from '@shared/brand';
import { rootDir } from '@server/paths';

export const OPENAPI_PATH = '/api/openapi.json';

/** Browsers and tools may keep the document this long; it changes only with a deploy. */
const OPENAPI_MAX_AGE_SECONDS = 300;

/** The vendor (POS) API: its own document at /api/v1/openapi.json (modules/vendor-api). */
const VENDOR_API_PREFIX = '/api/v1/';
/** Apple's pass web service, which Apple's devices call by Apple's own protocol (modules/wallet). */
const APPLE_PASS_SERVICE_PREFIX = '/api/wallet/apple/';

/**
 * What the document describes: the JSON API under /api and the one-click unsubscribe address mail
 * clients post to. Not the site's pages and files at the root (/og pictures, /developers), nor the
 * sandbox provider (/sandbox-pay), which stands in for an outside payment service, nor the vendor
 * API under /api/v1, which documents itself, nor Apple's pass web service, which Apple documents.
 */
export function isDocumentedRoute(url: string): boolean {
  return (
    (url.startsWith('/api/') &&
      url !== OPENAPI_PATH &&
      !url.startsWith(VENDOR_API_PREFIX) &&
      !url.startsWith(APPLE_PASS_SERVICE_PREFIX)) ||
    url === '/unsubscribe'
  );
}

function appVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}

/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas every route validates and
 * answers with (@fastify/swagger reads the routes as they register; fastify-type-provider-zod turns
 * their schemas into JSON Schema), served at GET /api/openapi.json. Register before the routes.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${BRAND.name} API`,
        version: appVersion(),
        description:
          'The JSON API the web app uses. Signed-in calls carry the session cookie; writes that carry it must come from the site itself.',
      },
    },
    transform: (document) => {
      if (!isDocumentedRoute(document.url)) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      // Grouped by the address's first segment after /api: accounts, admin, vendor, marketplace...
      const tag = (document.url.startsWith('/api/') && document.url.split('/')[2]) || 'email';
      return { ...transformed, schema: { ...transformed.schema, tags: [tag] } };
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${OPENAPI_MAX_AGE_SECONDS}`);
    return app.swagger();
  });
});
