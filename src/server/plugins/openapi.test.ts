import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { DatabaseHandle } from '@server/db/client';
import { captureRouteTable, routeName, type RouteEntry } from '@server/test/adversarial/route-table';
import { testConfig } from '@server/test/build-test-app';
import { TestClock } from '@server/test/test-clock';
import { createTestDatabase } from '@server/test/test-database';
import type { ApiRoute } from '@shared/api-route';
import { isDocumentedRoute, OPENAPI_PATH } from './openapi';

/** Every route the contract declares (src/shared/contract/<module>.ts, one export per route). */
function contractRoutes(): ApiRoute[] {
  const modules = import.meta.glob<Record<string, unknown>>('/src/shared/*/*contract.ts', { eager: true });
  const found: ApiRoute[] = [];
  for (const value of Object.values(modules).flatMap((module) => Object.values(module))) {
    if (typeof value === 'object' && value !== null && 'method' in value && 'path' in value) {
      found.push(value as ApiRoute);
    }
  }
  return found;
}

/**
 * The documented routes that answer something other than JSON, so they have no response schema:
 * files, pages, streams and redirects. Every other documented route must describe its success
 * answer; a route added without a response schema fails below until it has one (or joins this
 * list, with its reason).
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/accounts/export': "a JSON file download (the customer's data)",
  'GET /api/accounts/google/start': 'a redirect to Google',
  'GET /api/admin/analytics/export.csv': 'a CSV file',
  'GET /api/admin/analytics/export.pdf': 'a PDF file',
  'GET /api/admin/vendors/export.csv': 'a CSV file',
  'GET /api/campaigns/open/:recipientId': "the redirect of a campaign e-mail's tracked link",
  'GET /api/billing/payments/:paymentId/receipt.pdf': 'a PDF file',
  'GET /api/live': 'a server-sent event stream',
  'GET /api/vendor/account/export': 'a JSON file download (the business data)',
  'GET /api/vendor/analytics/export.csv': 'a CSV file',
  'GET /api/vendor/analytics/export.pdf': 'a PDF file',
  'GET /api/vendor/analytics/report': 'a printable HTML page',
  'GET /api/vendor/counter-poster.pdf': 'a PDF file',
  'GET /api/vendor/customers/export.csv': 'a CSV file',
  'GET /api/vendor/share/today-deal.png': 'a PNG picture',
  'GET /api/wallet/cards/:userCardId/apple.pkpass': 'an Apple Wallet pass',
  'GET /api/webhooks/whatsapp': "Meta's address check: its challenge echoed as plain text",
};

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

describe('GET /api/openapi.json', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let routes: RouteEntry[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const captured = await captureRouteTable(() =>
      buildApp({ config: testConfig(), database, logger: false, clock: new TestClock() }),
    );
    app = captured.result;
    routes = captured.routes;
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function fetchDocument() {
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    return { response, document: response.json<OpenApiDocument>() };
  }

  it('serves a valid OpenAPI 3 document, public and cacheable for a few minutes', async () => {
    const { response, document } = await fetchDocument();
    expect(document.openapi).toMatch(/^3\./);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const validation = await new Validator().validate({ ...document });
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    // The validator does refuse a broken document (an operation answering with a bare string).
    const broken = await new Validator().validate({ ...document, paths: { '/x': { get: { responses: 'none' } } } });
    expect(broken.valid).toBe(false);
  });

  it('is the same for a signed-out visitor and needs no session', async () => {
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH, headers: { cookie: 'unrelated=1' } });
    expect(response.statusCode).toBe(200);
  });

  it('describes every route of the API with a JSON schema for its success answer', async () => {
    const { document } = await fetchDocument();
    const documented = routes.filter((route) => isDocumentedRoute(route.url));
    expect(documented.length).toBeGreaterThan(100);
    const missing: string[] = [];
    const withoutSchema: string[] = [];
    for (const route of documented) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(routeName(route));
        continue;
      }
      if (NOT_JSON[routeName(route)]) continue;
      const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      if (!success?.[1].content?.['application/json']?.schema) withoutSchema.push(routeName(route));
    }
    expect(missing).toEqual([]);
    expect(withoutSchema).toEqual([]);
  });

  it('serves every route of the contract, and every JSON route of the API is in the contract', () => {
    const contract = contractRoutes();
    expect(contract.length).toBeGreaterThan(100);
    const served = new Set(routes.map(routeName));
    expect(contract.map((route) => `${route.method} ${route.path}`).filter((name) => !served.has(name))).toEqual([]);
    const declared = new Set(contract.map((route) => `${route.method} ${route.path}`));
    const undeclared = routes
      .filter((route) => isDocumentedRoute(route.url) && !NOT_JSON[routeName(route)])
      .map(routeName)
      .filter((name) => !declared.has(name));
    expect(undeclared).toEqual([]);
  });

  it('lists as not JSON only routes that exist', () => {
    const names = new Set(routes.map(routeName));
    expect(Object.keys(NOT_JSON).filter((name) => !names.has(name))).toEqual([]);
  });

  it('leaves out the site root, the sandbox payment provider and the vendor API (documented apart)', async () => {
    const { document } = await fetchDocument();
    const paths = Object.keys(document.paths);
    expect(
      paths.filter((path) => path.startsWith('/sandbox-pay') || path.startsWith('/api/v1/') || path === '/sitemap.xml'),
    ).toEqual([]);
    expect(paths).not.toContain(OPENAPI_PATH);
  });
});
