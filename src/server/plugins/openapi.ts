import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@shared/api-error';
import type { ApiRoute } from '@shared/api-route';
import { BRAND } from '@shared/brand';
import { rootDir } from '@server/paths';
import * as accountsContract from '@shared/accounts/contract';
import * as accountsSessionContract from '@shared/accounts/session-contract';
import * as analyticsContract from '@shared/analytics/contract';
import * as apiContract from '@shared/api/contract';
import * as billingContract from '@shared/billing/contract';
import * as campaignsContract from '@shared/campaigns/contract';
import * as cardsContract from '@shared/cards/contract';
import * as customersContract from '@shared/customers/contract';
import * as marketplaceContract from '@shared/marketplace/contract';
import * as notificationsContract from '@shared/notifications/contract';
import * as platformContract from '@shared/platform/contract';
import * as platformSupportContract from '@shared/platform/support-contract';
import * as platformTextsContract from '@shared/platform/texts-contract';
import * as rewardsContract from '@shared/rewards/contract';
import * as seoContract from '@shared/seo/contract';
import * as stampsContract from '@shared/stamps/contract';
import * as vendorsContract from '@shared/vendors/contract';
import * as walletContract from '@shared/wallet/contract';

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

/** Each domain's contract (src/shared/<domain>/contract.ts): one export per route. */
const CONTRACTS: Record<string, Record<string, unknown>> = {
  accounts: { ...accountsContract, ...accountsSessionContract },
  analytics: analyticsContract,
  api: apiContract,
  billing: billingContract,
  campaigns: campaignsContract,
  cards: cardsContract,
  customers: customersContract,
  marketplace: marketplaceContract,
  notifications: notificationsContract,
  platform: { ...platformContract, ...platformTextsContract, ...platformSupportContract },
  rewards: rewardsContract,
  seo: seoContract,
  stamps: stampsContract,
  vendors: vendorsContract,
  wallet: walletContract,
};

type OperationName = { operationId: string; summary: string };

/**
 * The documented routes that answer something other than JSON (files, pages, a stream, redirects),
 * which the contract does not declare: their names here.
 */
export const NOT_JSON_OPERATIONS: Record<string, OperationName> = {
  'GET /api/accounts/export': { operationId: 'accounts.export', summary: 'Accounts: my data as a JSON file' },
  'GET /api/accounts/google/start': {
    operationId: 'accounts.googleStart',
    summary: 'Accounts: a redirect to Google to sign in',
  },
  'GET /api/admin/analytics/export.csv': {
    operationId: 'analytics.adminExportCsv',
    summary: 'Analytics: the platform’s figures as a CSV file',
  },
  'GET /api/admin/analytics/export.pdf': {
    operationId: 'analytics.adminExportPdf',
    summary: 'Analytics: the platform’s figures as a PDF file',
  },
  'GET /api/admin/vendors/export.csv': {
    operationId: 'vendors.adminExportCsv',
    summary: 'Vendors: the vendor list as a CSV file',
  },
  'GET /api/campaigns/open/:recipientId': {
    operationId: 'campaigns.openLink',
    summary: 'Campaigns: a campaign e-mail’s tracked link, redirecting',
  },
  'GET /api/billing/payments/:paymentId/receipt.pdf': {
    operationId: 'billing.receiptPdf',
    summary: 'Billing: a payment’s receipt as a PDF file',
  },
  'GET /api/live': {
    operationId: 'notifications.live',
    summary: 'Notifications: live updates as a server-sent event stream',
  },
  'GET /api/vendor/account/export': {
    operationId: 'vendors.exportAccount',
    summary: 'Vendors: the business’s data as a JSON file',
  },
  'GET /api/vendor/analytics/export.csv': {
    operationId: 'analytics.exportCsv',
    summary: 'Analytics: the shop’s figures as a CSV file',
  },
  'GET /api/vendor/analytics/export.pdf': {
    operationId: 'analytics.exportPdf',
    summary: 'Analytics: the shop’s figures as a PDF file',
  },
  'GET /api/vendor/analytics/monthly-report.pdf': {
    operationId: 'analytics.monthlyReportPdf',
    summary: 'Analytics: a month’s report to the owner as a PDF file',
  },
  'GET /api/vendor/analytics/report': {
    operationId: 'analytics.report',
    summary: 'Analytics: the shop’s report as a printable page',
  },
  'GET /api/vendor/counter-poster.pdf': {
    operationId: 'stamps.counterPoster',
    summary: 'Stamps: the counter poster as a PDF file',
  },
  'GET /api/vendor/customers/export.csv': {
    operationId: 'customers.exportCsv',
    summary: 'Customers: the shop’s customers as a CSV file',
  },
  'GET /api/vendor/share/today-deal.png': {
    operationId: 'marketplace.todayDealPicture',
    summary: 'Marketplace: today’s deal as a PNG picture to share',
  },
  'GET /api/wallet/cards/:userCardId/apple.pkpass': {
    operationId: 'wallet.applePass',
    summary: 'Wallet: a card as an Apple Wallet pass',
  },
  'GET /api/webhooks/whatsapp': {
    operationId: 'notifications.whatsAppWebhookCheck',
    summary: 'Notifications: Meta’s check of the WhatsApp webhook (its challenge echoed)',
  },
};

/** `sendPhoneCode` → `send phone code`. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Each route's operationId and summary, from the domain and the name of its export in the
 * contract: accounts.sendPhoneCode, "Accounts: send phone code".
 */
function operationNames(): Map<string, OperationName> {
  const names = new Map<string, OperationName>(Object.entries(NOT_JSON_OPERATIONS));
  for (const [domain, contract] of Object.entries(CONTRACTS)) {
    for (const [name, route] of Object.entries(contract)) {
      const { method, path: routePath } = route as Partial<ApiRoute>;
      if (!method || !routePath) continue;
      const domainWords = words(domain);
      names.set(`${method} ${routePath}`, {
        operationId: `${domain}.${name}`,
        summary: `${domainWords[0]!.toUpperCase()}${domainWords.slice(1)}: ${words(name)}`,
      });
    }
  }
  return names;
}

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
};

/**
 * What the platform answers around any operation, in this document and the vendor API's: a body
 * too large or not JSON (Fastify), headers too large (Node), the database away (the error plugin).
 */
export function platformErrorAnswers(errorSchema: object, body: { limitBytes: number } | null) {
  const answer = (description: string, headers?: object) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorSchema } },
  });
  return {
    ...(body
      ? {
          413: answer(`The body is larger than ${Math.round(body.limitBytes / 1024)} kB.`),
          415: answer('The body is not JSON: send `Content-Type: application/json`.'),
        }
      : {}),
    431: answer('The request’s headers are too large (Node’s limit, 16 kB).'),
    503: answer(
      'Not now: the database is out of reach, or the change met another and was undone whole. Nothing was saved; try again.',
      RETRY_AFTER,
    ),
  };
}

/** The server's body limit (app.ts sets it; 1 MiB is also Fastify's default). */
export const serverBodyLimit = (app: FastifyInstance): number => app.initialConfig.bodyLimit ?? 1024 * 1024;

interface OperationFacts {
  hasInput: boolean;
  hasBody: boolean;
  hasPathParameters: boolean;
  budgeted: boolean;
  bodyLimitBytes: number;
}

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/** The error answers of an operation here, from what it takes and whether it has a budget. */
function errorAnswers(facts: OperationFacts) {
  const answer = (description: string, headers?: object) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: ERROR_REF } },
  });
  return {
    ...(facts.hasInput
      ? { 400: answer('Bad input: `error.message` says what, `error.fields` names each field at fault.') }
      : {}),
    ...(facts.hasPathParameters ? { 404: answer('Nothing with that id, or nothing this caller may see.') } : {}),
    ...(facts.budgeted
      ? { 429: answer('Too many requests: over this operation’s limit for the caller.', RETRY_AFTER) }
      : {}),
    ...platformErrorAnswers(ERROR_REF, facts.hasBody ? { limitBytes: facts.bodyLimitBytes } : null),
  };
}

type OpenApiOperation = Record<string, unknown> & { responses?: Record<string, unknown> };

/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas every route validates and
 * answers with (@fastify/swagger reads the routes as they register; fastify-type-provider-zod turns
 * their schemas into JSON Schema), served at GET /api/openapi.json. Each operation is named after
 * its export in the contract (src/shared/<domain>/contract.ts) and lists the error answers the
 * platform gives around it (bad input, a body too large or not JSON, a budget, headers too large,
 * the database away). Register before the routes.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  const names = operationNames();
  const facts = new Map<string, OperationFacts>();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${BRAND.name} API`,
        version: appVersion(),
        description:
          'The JSON API the web app uses. Signed-in calls carry the session cookie; writes that carry it must come from the site itself.',
        license: {
          name: `Proprietary: ${BRAND.name}’s own API, for its web app`,
          url: `${app.deps.config.publicUrl}/terms`,
        },
      },
      servers: [{ url: app.deps.config.publicUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'chaska.session_token',
            description:
              'The session cookie set by signing in (`__Secure-chaska.session_token` on https). Operations for a signed-in person need it; the public ones take none.',
          },
        },
      },
      // A session where the operation needs one, none where it is public.
      security: [{ session: [] }, {}],
    },
    transform: (document) => {
      if (!isDocumentedRoute(document.url)) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      const method = String(document.route.method);
      const schema = (document.schema ?? {}) as Record<string, unknown>;
      facts.set(`${method} ${document.url}`, {
        hasInput: Boolean(schema.body || schema.querystring || schema.params),
        hasBody: Boolean(schema.body),
        hasPathParameters: document.url.includes(':'),
        budgeted: Boolean((document.route.config as { budget?: unknown } | undefined)?.budget),
        bodyLimitBytes: document.route.bodyLimit ?? serverBodyLimit(app),
      });
      // Grouped by the address's first segment after /api: accounts, admin, vendor, marketplace...
      const tag = (document.url.startsWith('/api/') && document.url.split('/')[2]) || 'email';
      return {
        ...transformed,
        schema: { ...transformed.schema, ...names.get(`${method} ${document.url}`), tags: [tag] },
      };
    },
    transformObject: (documentObject) => {
      const document = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject;
      const paths = (document.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
      for (const [openApiPath, operations] of Object.entries(paths)) {
        const url = openApiPath.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
        for (const [method, operation] of Object.entries(operations)) {
          const known = facts.get(`${method.toUpperCase()} ${url}`);
          if (known) operation.responses = { ...operation.responses, ...errorAnswers(known) };
        }
      }
      const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
      components.schemas = {
        ...components.schemas,
        ApiError: z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12' }),
      };
      return { ...document, components } as ReturnType<SwaggerTransformObject>;
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${OPENAPI_MAX_AGE_SECONDS}`);
    return app.swagger();
  });
});
