import { createConfig, lintFromString } from '@redocly/openapi-core';
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
import { isDocumentedRoute, NOT_JSON_OPERATIONS, OPENAPI_PATH } from './openapi';

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
 * files, pages, streams and redirects (named in openapi.ts). Every other documented route must
 * describe its success answer; a route added without a response schema fails below until it has
 * one (or joins that list, with its name).
 */
const NOT_JSON = NOT_JSON_OPERATIONS;

interface OpenApiOperation {
  summary?: string;
  operationId?: string;
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>;
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
      // A public address, as in production (a local one is a warning in Redocly's lint).
      buildApp({
        config: testConfig({ PUBLIC_URL: 'https://chaska.pk' }),
        database,
        logger: false,
        clock: new TestClock(),
      }),
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

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const { response, document } = await fetchDocument();
    const config = await createConfig({ extends: ['recommended'] });
    const problemsIn = async (source: string) =>
      (await lintFromString({ source, absoluteRef: 'openapi.json', config })).map(
        (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`,
      );
    expect(await problemsIn(response.body)).toEqual([]);
    // The lint does see what it checks: an operation without its summary.
    const [path, operations] = Object.entries(document.paths)[0]!;
    const [method, operation] = Object.entries(operations)[0]!;
    const withoutSummary = {
      ...document,
      paths: { ...document.paths, [path]: { [method]: { ...operation, summary: undefined } } },
    };
    expect((await problemsIn(JSON.stringify(withoutSummary))).join('\n')).toContain('operation-summary');
  });

  it('names every operation after its contract export, each name once', async () => {
    const { document } = await fetchDocument();
    const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const phoneCode = document.paths['/api/accounts/phone/code']?.post;
    expect(phoneCode).toMatchObject({ operationId: 'accounts.sendPhoneCode', summary: 'Accounts: send phone code' });
  });

  it('lists the error answers each operation can give, and the API gives them so', async () => {
    const { document } = await fetchDocument();
    const missing: string[] = [];
    for (const route of routes.filter((candidate) => isDocumentedRoute(candidate.url))) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const statuses = Object.keys(operation?.responses ?? {});
      const expected = ['431', '503'];
      if (operation?.requestBody) expected.push('400', '413', '415');
      if (route.config.budget) expected.push('429');
      if (route.url.includes(':')) expected.push('404');
      for (const status of expected) if (!statuses.includes(status)) missing.push(`${routeName(route)} ${status}`);
      for (const status of ['429', '503'].filter((code) => statuses.includes(code)))
        if (!operation?.responses?.[status]?.headers?.['Retry-After'])
          missing.push(`${routeName(route)} ${status} Retry-After`);
    }
    expect(missing).toEqual([]);

    // What the API answers, as documented: a body over the limit, and a body that is not JSON.
    const documented = Object.keys(document.paths['/api/accounts/phone/code']!.post!.responses!);
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/api/accounts/phone/code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phoneNumber: '0'.repeat(2 * 1024 * 1024) }),
    });
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/accounts/phone/code',
      headers: { 'content-type': 'application/xml' },
      payload: '<phoneNumber>03001234567</phoneNumber>',
    });
    expect([tooLarge.statusCode, notJson.statusCode]).toEqual([413, 415]);
    expect(documented).toEqual(expect.arrayContaining(['413', '415']));
    expect(tooLarge.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
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
